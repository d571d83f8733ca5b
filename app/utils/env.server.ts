import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MAX_IMPORT_MB_DEFAULT, MAX_UPLOAD_MB_DEFAULT } from "../../server/contract/files.ts";

export interface WebEnv {
  apiUrl: string;
  publicApiUrl: string;
  appUrl: string;
  sessionSecret: string;
  clientSecret: string;
  secureCookies: boolean;
  /** The largest upload in megabytes; the API has the same setting (MAX_UPLOAD_MB). */
  maxUploadMb: number;
  /** The largest import's file in megabytes; the API has the same setting (MAX_IMPORT_MB). */
  maxImportMb: number;
}

const trim = (url: string) => url.replace(/\/+$/, "");

export const MIN_SECRET_LENGTH = 32;

/** Reads a secret from DATA_DIR/secrets, creating it if no process did yet. */
function readOrCreateSecret(name: string): string {
  const dir = path.join(path.resolve(process.env.DATA_DIR || "./data"), "secrets");
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function readMegabytes(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const megabytes = Number(value);
  if (!Number.isInteger(megabytes) || megabytes < 1) throw new Error(`${name} must be a whole number of megabytes.`);
  return megabytes;
}

let cached: WebEnv | undefined;

/** The web app's configuration, read once. */
export function webEnv(): WebEnv {
  if (cached) return cached;
  const production = process.env.NODE_ENV === "production";
  const apiUrl = trim(process.env.API_URL || "http://localhost:4000");
  const appUrl = trim(process.env.APP_URL || "http://localhost:3000");
  let sessionSecret = process.env.SESSION_SECRET;
  if (!sessionSecret) {
    if (production) throw new Error("SESSION_SECRET must be set when NODE_ENV=production.");
    sessionSecret = readOrCreateSecret("session-secret");
  }
  // The cookie's key is derived from it without stretching: a short secret could be guessed.
  if (production && sessionSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long.`);
  }
  cached = {
    apiUrl,
    publicApiUrl: trim(process.env.PUBLIC_API_URL || apiUrl),
    appUrl,
    sessionSecret,
    clientSecret: process.env.OAUTH_CLIENT_SECRET || readOrCreateSecret("oauth-client-secret"),
    secureCookies: appUrl.startsWith("https://"),
    maxUploadMb: readMegabytes("MAX_UPLOAD_MB", process.env.MAX_UPLOAD_MB, MAX_UPLOAD_MB_DEFAULT),
    // `npm start` gives both services the same environment, so the two limits agree.
    maxImportMb: readMegabytes("MAX_IMPORT_MB", process.env.MAX_IMPORT_MB, MAX_IMPORT_MB_DEFAULT),
  };
  return cached;
}
