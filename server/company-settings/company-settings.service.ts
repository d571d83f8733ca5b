import type { Kysely } from "kysely";
import { type Actor, requirePermission, SETTINGS } from "../auth/permissions.ts";
import {
  COMPANY_LOGO_MAX_BYTES,
  type CompanyBrand,
  type CompanySettings,
  type CompanySettingsInput,
  companyLogoTexts,
  companyLogoTypes,
} from "../contract/company-settings.ts";
import { DEFAULT_TIME_ZONE } from "../contract/time-zones.ts";
import type { Database } from "../db/schema.ts";
import { checkImageType } from "../files/file-types.ts";
import type { ReceivedUpload, UploadReader } from "../files/uploads.ts";
import { DomainError } from "../http/errors.ts";
import * as repo from "./company-settings.repository.ts";

function languageOf(value: unknown): "en" | "nb" | null {
  return value === "en" || value === "nb" ? value : null;
}

/** A logo's version: enough of its SHA-256 to tell images apart. */
function versionOf(logo: repo.StoredLogo): string {
  return logo.key.slice(0, 16);
}

async function current(db: Kysely<Database>): Promise<CompanySettings> {
  const { name, profile, language, timeZone, logo } = await repo.readCompany(db);
  return {
    name,
    organisationNumber: profile?.organisationNumber ?? "",
    address: profile?.address ?? "",
    defaultLanguage: languageOf(language),
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    logo: logo
      ? { version: versionOf(logo), mime: logo.mime as (typeof companyLogoTypes)[number], size: logo.size }
      : null,
  };
}

export async function companySettings(db: Kysely<Database>, actor: Actor): Promise<CompanySettings> {
  requirePermission(actor, "Read", SETTINGS);
  return current(db);
}

/** Saves everything but the logo, in one transaction. */
export async function saveCompanySettings(
  db: Kysely<Database>,
  actor: Actor,
  input: CompanySettingsInput,
): Promise<CompanySettings> {
  requirePermission(actor, "Update", SETTINGS);
  await db.transaction().execute(async (trx) => {
    await repo.setWorkspaceName(trx, input.name);
    await repo.writeSetting(trx, repo.COMPANY_PROFILE, {
      organisationNumber: input.organisationNumber,
      address: input.address,
    });
    await repo.writeSetting(trx, repo.DEFAULT_LANGUAGE, input.defaultLanguage);
    await repo.writeSetting(trx, repo.COMPANY_TIME_ZONE, input.timeZone);
  });
  return current(db);
}

/** What every signed-in page needs of the company: its name, its logo's version, its users' default language. */
export async function companyBrand(db: Kysely<Database>): Promise<CompanyBrand> {
  const settings = await current(db);
  return {
    name: settings.name,
    logoVersion: settings.logo?.version ?? null,
    defaultLanguage: settings.defaultLanguage,
  };
}

/**
 * Stores an uploaded logo, streamed and checked by content (PNG, JPEG or WebP, at most 800 kB), in place of the one
 * before (whose file the storage's sweep removes later).
 */
export async function uploadLogo(db: Kysely<Database>, actor: Actor, read: UploadReader): Promise<CompanySettings> {
  requirePermission(actor, "Update", SETTINGS);
  let upload: ReceivedUpload;
  try {
    upload = await read(COMPANY_LOGO_MAX_BYTES, (filePath) =>
      checkImageType(filePath, companyLogoTypes, companyLogoTexts.type),
    );
  } catch (error) {
    if (error instanceof DomainError && error.status === 413) {
      throw new DomainError(413, "MaxUploadSizeExceededException", companyLogoTexts.tooLarge, [
        { field: "file", defaultMessage: companyLogoTexts.tooLarge, objectName: "companyLogo" },
      ]);
    }
    throw error;
  }
  await repo.writeSetting(db, repo.COMPANY_LOGO, { key: upload.key, mime: upload.mime, size: upload.size });
  return current(db);
}

export async function removeLogo(db: Kysely<Database>, actor: Actor): Promise<void> {
  requirePermission(actor, "Update", SETTINGS);
  await repo.writeSetting(db, repo.COMPANY_LOGO, null);
}

/** The logo's file, for any signed-in user; none is not found. */
export async function logoFile(db: Kysely<Database>): Promise<repo.StoredLogo> {
  const { logo } = await repo.readCompany(db);
  if (!logo) throw new DomainError(404, "NotFoundException", "The company has no logo");
  return logo;
}
