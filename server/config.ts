import path from "node:path";
import { z } from "zod";
import { MAX_IMPORT_MB_DEFAULT, MAX_UPLOAD_MB_DEFAULT } from "./contract/files.ts";
import { BODY_TIMEOUT_SECONDS_DEFAULT, HEADERS_TIMEOUT_SECONDS_DEFAULT } from "./shared/slow-requests.ts";
import { DEFAULT_TRUSTED_PROXIES, trustedProxiesSchema } from "./shared/trusted-proxies.ts";

const port = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ""));
const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_PORT: port.default(4000),
  API_HOST: z.string().min(1).default("0.0.0.0"),
  API_URL: httpUrl.optional(),
  PUBLIC_API_URL: httpUrl.optional(),
  APP_URL: httpUrl.default("http://localhost:3000"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  /** Requests of one signed-in user the API works on at once; the rest wait their turn (decision 038). */
  CONCURRENT_REQUESTS_PER_USER: z.coerce.number().int().min(1).max(1000).default(4),
  /** Seconds a request's headers may take to arrive in full. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(HEADERS_TIMEOUT_SECONDS_DEFAULT),
  /** Seconds a request body may go on bringing less than 1 KiB a second before it is cut. */
  BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(BODY_TIMEOUT_SECONDS_DEFAULT),
  TRUST_PROXY: trustedProxiesSchema.default(DEFAULT_TRUSTED_PROXIES),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SEED_DEMO: flag.default(false),
  DEMO_PASSWORD: z.string().min(8).optional(),
  /** The language the demo workspace is made in: its names, and the company's default language (README). */
  DEMO_LANGUAGE: z.enum(["en", "nb"], { error: 'must be "en" or "nb"' }).default("en"),
  ADMIN_EMAIL: z.email().optional(),
  OAUTH_CLIENT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 60 * 60),
  INVITATION_TTL_HOURS: z.coerce.number().int().min(1).default(72),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(10_240).default(MAX_UPLOAD_MB_DEFAULT),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** Background jobs (imports, exports) run in the API process; false leaves them to `npm run worker`. */
  JOB_WORKERS: flag.default(true),
  /** Days a finished export's file, and a finished import's files, are kept for download. */
  BULK_FILE_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** The largest file an import takes, in MB: a full sheet of a million rows is more than a document may be. */
  MAX_IMPORT_MB: z.coerce.number().int().min(1).max(10_240).default(MAX_IMPORT_MB_DEFAULT),
  /** Submissions one address may send one web form in FORM_ADDRESS_WINDOW_MINUTES. */
  FORM_SUBMISSIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  FORM_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Submissions one web form takes a minute from everyone: enough for a campaign's peak (250 a second). */
  FORM_SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(15_000),
  /**
   * Submissions one API process works on at once; more are answered 503 at once. Without it, a flood faster than the
   * process can store keeps every waiting request in memory until the process runs out of it.
   */
  FORM_SUBMISSIONS_IN_PROGRESS: z.coerce.number().int().min(1).max(10_000).default(64),
});

export type Config = Omit<z.infer<typeof schema>, "DATA_DIR" | "API_URL" | "PUBLIC_API_URL"> & {
  DATA_DIR: string;
  API_URL: string;
  PUBLIC_API_URL: string;
};

export class ConfigError extends Error {
  name = "ConfigError";
}

/** Reads the environment once; a bad value names its variable so start-up can stop clearly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (!result.data.JOB_WORKERS && !result.data.DATABASE_URL) {
    // The embedded database is one process's: a worker process could not open it beside the API.
    throw new ConfigError(
      "Invalid configuration:\n  JOB_WORKERS: false needs DATABASE_URL (a separate worker shares a PostgreSQL server)",
    );
  }
  const apiUrl = result.data.API_URL ?? `http://localhost:${result.data.API_PORT}`;
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    API_URL: apiUrl,
    PUBLIC_API_URL: result.data.PUBLIC_API_URL ?? apiUrl,
  };
}
