import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./platform/storage/s3-store";

/** A setting that cannot be used: start-up stops with this message and no stack trace. */
export class ConfigError extends Error {}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number({ message: "must be a number" }).int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
    .optional(),
  /** Off for a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21). */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  BETTER_AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  PUBLIC_URL: z.url({ message: "must be a full URL such as https://lms.example.com" }).optional(),
  DEMO_DATA: bool.optional(),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  PUSH_ALLOW_HTTP_ENDPOINTS: bool.default(false),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().default("Load Management System <no-reply@localhost>"),
  /** A Twilio-compatible SMS provider (the Messages API); without SMS_ACCOUNT_SID, texts are kept, not sent. */
  /** The Jitsi-compatible server a meeting's room link points at. */
  MEETING_ROOM_URL: z
    .url({ message: "must be a full URL such as https://meet.jit.si" })
    .default("https://meet.jit.si"),
  SMS_BASE_URL: z
    .url({ message: "must be a full URL such as https://api.twilio.com" })
    .default("https://api.twilio.com"),
  SMS_ACCOUNT_SID: z.string().trim().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().trim().min(1).optional(),
  SMS_FROM: z.string().trim().min(1).optional(),
  /** Where uploaded files live: this machine's DATA_DIR/files (one instance) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(["disk", "s3"], { message: "must be disk or s3" }).default("disk"),
  S3_BUCKET: z.string().trim().min(3, { message: "must be a bucket name (3 characters or more)" }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ message: "must be a full URL such as https://minio.example.com:9000" }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  COMPANY_NAME: z.string().trim().min(1).max(120).optional(),
  COMPANY_ADDRESS: z.string().trim().min(1).max(300).optional(),
  COMPANY_PHONE: z.string().trim().min(1).max(40).optional(),
  COMPANY_EMAIL: z.email({ message: "must be an email address" }).optional(),
  COMPANY_TIME_ZONE: z
    .string()
    .trim()
    .refine(validTimeZone, { message: "must be an IANA time zone such as America/Chicago" })
    .optional(),
});

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Who the company is, as printed on invoices and statements (COMPANY_* settings). */
export interface CompanyDetails {
  name: string;
  /** One line; ";" starts a new printed line, else the street and the city split at the first comma. */
  address: string;
  phone: string;
  email: string;
  /** The company's calendar: which day a fuel stop or a toll at 23:30 UTC belongs to, when a bill is due. */
  timeZone: string;
  /** Printed under the name when set (Settings → Company). */
  usdot?: string;
  mc?: string;
  /** How money is shown (ISO 4217). */
  currency?: string;
  /** Printed at the top left of every PDF when set. */
  logo?: { bytes: Uint8Array; contentType: string } | null;
}

/** The demo company: what documents show until the COMPANY_* settings are set. */
export const DEFAULT_COMPANY: CompanyDetails = {
  name: "Lakeshore Freight Lines LLC",
  address: "2750 S Archer Ave, Chicago, IL 60608",
  phone: "+1 312 555 0100",
  email: "billing@lakeshorefreight.test",
  timeZone: "America/Chicago",
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Repeated statements are prepared per connection (db/prepared.ts). */
  preparedStatements: boolean;
  authSecret: string;
  publicUrl: string;
  /**
   * Origins a browser may sign in and write from: PUBLIC_URL's, and without PUBLIC_URL also the
   * loopback names of PORT (localhost, 127.0.0.1, [::1]) — whichever a developer types.
   */
  trustedOrigins: string[];
  /** `undefined` means "seed on the embedded database's first run only". */
  demoData: boolean | undefined;
  /**
   * NODE_ENV=production (the Docker image): the login page lists demo accounts only with an explicit
   * DEMO_DATA=true.
   */
  production: boolean;
  trustProxy: boolean;
  signInRateLimit: number;
  smtpUrl: string | undefined;
  /**
   * Whether a queued mass email or SMS blast starts going out at once in this process (else at the
   * job queue's next minute). Off in tests, which run the queue themselves at a chosen time.
   */
  sendQueuesAtOnce?: boolean;
  /**
   * PUSH_ALLOW_HTTP_ENDPOINTS: a push subscription's endpoint may be plain http on a loopback host
   * (127.0.0.1, localhost, [::1]) — the loopback push service of the tests and a developer's machine.
   * Off: only https endpoints on public names, as every browser's push service has.
   */
  pushAllowHttpEndpoints?: boolean;
  /** Where link-based meeting rooms live (MEETING_ROOM_URL, a Jitsi-compatible server). */
  meetingRoomUrl?: string;
  /** Set when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are. */
  sms?: { baseUrl: string; accountSid: string; authToken: string; from: string };
  mailFrom: string;
  /** Set with STORAGE_DRIVER=s3: files go to this bucket instead of DATA_DIR/files. */
  s3?: S3Settings;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  company: CompanyDetails;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}\nSee the settings table in README.md.`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET)
    throw new ConfigError(
      "Invalid settings:\n  S3_BUCKET: is required with STORAGE_DRIVER=s3\nSee the settings table in README.md.",
    );
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      "Invalid settings:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither\nSee the settings table in README.md.",
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    authSecret: e.BETTER_AUTH_SECRET ?? storedSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    trustedOrigins: e.PUBLIC_URL
      ? [new URL(e.PUBLIC_URL).origin]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${e.PORT}`),
    demoData: e.DEMO_DATA,
    production: e.NODE_ENV === "production",
    trustProxy: e.TRUST_PROXY,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    pushAllowHttpEndpoints: e.PUSH_ALLOW_HTTP_ENDPOINTS,
    meetingRoomUrl: e.MEETING_ROOM_URL.replace(/\/$/, ""),
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            baseUrl: e.SMS_BASE_URL.replace(/\/$/, ""),
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    mailFrom: e.MAIL_FROM,
    s3:
      e.STORAGE_DRIVER === "s3" && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    company: {
      name: e.COMPANY_NAME ?? DEFAULT_COMPANY.name,
      address: e.COMPANY_ADDRESS ?? DEFAULT_COMPANY.address,
      phone: e.COMPANY_PHONE ?? DEFAULT_COMPANY.phone,
      email: e.COMPANY_EMAIL ?? DEFAULT_COMPANY.email,
      timeZone: e.COMPANY_TIME_ZONE ?? DEFAULT_COMPANY.timeZone,
    },
  };
}

/** BETTER_AUTH_SECRET, generated once and kept under DATA_DIR so sessions survive restarts. */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
