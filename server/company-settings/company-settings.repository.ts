import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { getSetting, setSetting } from "../settings/settings.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** `core.setting` keys. The time zone's is the one users' times already fall back to (decision 016). */
export const COMPANY_PROFILE = "company_profile";
export const DEFAULT_LANGUAGE = "default_language";
export const COMPANY_TIME_ZONE = "time_zone";
export const COMPANY_LOGO = "company_logo";

export interface CompanyProfile {
  organisationNumber: string;
  address: string;
}

/** The stored logo: its file (by SHA-256, server/files/storage.ts), its type by content and its size. */
export interface StoredLogo {
  key: string;
  mime: string;
  size: number;
}

/** The company's name is the workspace's. */
export async function workspaceName(db: Db): Promise<string> {
  const row = await db.selectFrom("core.workspace").select("name").executeTakeFirst();
  return row?.name ?? "Workspace";
}

export async function setWorkspaceName(db: Db, name: string): Promise<void> {
  await db.updateTable("core.workspace").set({ name }).execute();
}

export async function readCompany(db: Kysely<Database>) {
  const [name, profile, language, timeZone, logo] = await Promise.all([
    workspaceName(db),
    getSetting<CompanyProfile>(db, COMPANY_PROFILE),
    getSetting<string | null>(db, DEFAULT_LANGUAGE),
    getSetting<string>(db, COMPANY_TIME_ZONE),
    getSetting<StoredLogo | null>(db, COMPANY_LOGO),
  ]);
  return { name, profile, language, timeZone, logo };
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await setSetting(db as Kysely<Database>, key, value);
}

/** Among `keys`, the stored files the company's logo names (the storage's sweep keeps them). */
export async function logoFiles(db: Kysely<Database>, keys: string[]): Promise<string[]> {
  const logo = await getSetting<StoredLogo | null>(db, COMPANY_LOGO);
  return logo && keys.includes(logo.key) ? [logo.key] : [];
}
