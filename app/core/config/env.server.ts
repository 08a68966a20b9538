// Over 300 lines: every environment setting, checked and refused in Italian in one place, read once at start.
import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import type { LiveStreamLimits } from "~/core/events/live-stream.server";
import type { S3Settings } from "~/core/media/s3-media-storage.server";
import { HttpsFrontConfigError, type HttpsFrontSettings, httpsFrontSettings } from "./https-front";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

/**
 * Which proxies in front of the server to believe about the client's address and protocol
 * (X-Forwarded-For, X-Forwarded-Proto). `false`: none; a number: that many hops closest to the
 * server; a list: the proxies at these addresses (names of address ranges, IPs or CIDR blocks).
 */
export type TrustProxySetting = boolean | number | string[];

const trustProxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrBlock(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A netmask (255.255.255.0) after an IPv4 address, or a prefix length.
  if (family === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY: "true"/"false", a hop count ("1"), or a comma-separated list of names, IPs and CIDR blocks. */
function parseTrustProxy(raw: string): TrustProxySetting | Error {
  const value = raw.trim().toLowerCase();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) return new Error("a hop count must be between 0 and 20");
    return hops === 0 ? false : hops;
  }
  const entries = value.split(",").map((e) => e.trim());
  const bad = entries.find((e) => !trustProxyNames.has(e) && !isAddressOrBlock(e));
  if (bad !== undefined) {
    return new Error(
      `"${bad}" is not a hop count, true/false, loopback/linklocal/uniquelocal, an IP address or a CIDR block`,
    );
  }
  return entries;
}

const trustProxySchema = z.string().transform((raw, ctx) => {
  const parsed = parseTrustProxy(raw);
  if (parsed instanceof Error) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed;
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 0.0.0.0, or 127.0.0.1 behind the HTTPS front (only it may reach the servers). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Server processes sharing the port; by default one per core, at most four. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  /** Connections each server process keeps to PostgreSQL at most (idle ones close after 10 s). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** JSON file overriding the practice details of app/features/site-content/site-content.ts. */
  SITE_CONTENT_FILE: z.string().min(1).optional(),
  /** Unset trusts no proxy, so X-Forwarded-For and X-Forwarded-Proto are ignored. */
  TRUST_PROXY: trustProxySchema.optional(),
  /** Off: no HTTPS front even with an https SITE_URL (her own proxy terminates TLS). */
  TLS: z.enum(["on", "off"], { error: 'deve essere "on" oppure "off"' }).default("on"),
  /** The HTTPS front's ports (443 and 80 unless a test or another layout needs others). */
  HTTPS_PORT: z.coerce.number({ error: "deve essere un numero di porta" }).int().min(1).max(65535).optional(),
  HTTP_PORT: z.coerce.number({ error: "deve essere un numero di porta" }).int().min(1).max(65535).default(80),
  /** The ACME directory the certificate is asked from; Let's Encrypt's when unset. */
  ACME_CA: z.url({ protocol: /^https$/, error: "deve essere l'indirizzo https:// della directory ACME" }).optional(),
  /** PEM file of the CA signing ACME_CA's own HTTPS (a company or test CA). */
  ACME_CA_ROOT: z.string().min(1).optional(),
  /** On: a new review waits for the administrator's approval. */
  REVIEWS_MODERATION: booleanFlag.default(false),
  /** Live-update streams (/events) open at once, in all and per client address. */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(500),
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Review submissions accepted per client IP per hour. */
  REVIEWS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Days an invitation to review stays valid. */
  REVIEW_INVITATION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; unset turns e-mail notices off. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, "must start with smtp:// or smtps:// followed by the host")
    .optional(),
  /** The sender of the notices, e.g. "Sito dello studio <sito@example.it>". */
  MAIL_FROM: z.string().min(3).optional(),
  /** Who receives the notices; the practice e-mail address when unset. */
  MAIL_TO: z.email().optional(),
  /** Seconds a message being sent stays reserved for its worker: over the SMTP timeouts' 40 s. Tests shorten it. */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Setting S3_BUCKET stores media in an S3-compatible bucket instead of DATA_DIR/media. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "not a valid bucket name")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Nightly backup at this local time (HH:MM), or "off". */
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01][0-9]|2[0-3]):[0-5][0-9])$/, 'must be HH:MM (e.g. 03:30) or "off"')
    .default("03:30"),
  /** Backups kept in BACKUP_DIR; older ones are deleted after each good one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  BACKUP_DIR: z.string().min(1).optional(),
  // Decision 76: backups encrypted with her passphrase, copied to her S3-compatible bucket.
  BACKUP_PASSPHRASE: z.string().min(12, "at least 12 characters").max(1024).optional(),
  BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  BACKUP_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "not a valid bucket name")
    .optional(),
  BACKUP_S3_REGION: z.string().min(1).default("us-east-1"),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A folder in the bucket ("studio/"); the bucket's root when unset. */
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'folder names ending in "/", e.g. studio/')
    .max(200)
    .default(""),
  /** On: her calendars may be read over plain http and at private addresses (tests, intranets). */
  CALENDAR_FETCH_ALLOW_PRIVATE: booleanFlag.default(false),
  /** Off: public page views are not counted (the statistics screen stays empty). */
  PAGE_VIEW_COUNTING: booleanFlag.default(true),
  /** Off: a kept page goes through the whole pipeline too, as every other request (decision 68). */
  KEPT_PAGE_FAST_PATH: booleanFlag.default(true),
});

const withCredentials = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "S3_SECRET_ACCESS_KEY",
  "BACKUP_PASSPHRASE",
  "BACKUP_S3_SECRET_ACCESS_KEY",
]);

const s3Required = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
/** Copies leave the machine encrypted only: the bucket needs the passphrase too. */
const backupS3Required = [
  "BACKUP_S3_ENDPOINT",
  "BACKUP_S3_ACCESS_KEY_ID",
  "BACKUP_S3_SECRET_ACCESS_KEY",
  "BACKUP_PASSPHRASE",
] as const;

/** Her bucket for the encrypted backup copies (BACKUP_S3_*): any S3-compatible provider. */
export interface BackupBucketSettings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder in the bucket, e.g. "studio/" (empty: the bucket's root). */
  prefix: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  webConcurrency: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  siteUrl: string;
  /** SITE_URL was given: when not, links in e-mails and invitations point to localhost (warned at start and in the admin). */
  siteUrlConfigured: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  siteContentFile: string | undefined;
  trustProxy: TrustProxySetting;
  /** Set when `npm start` runs the HTTPS front (decision 72); the servers then trust it on loopback. */
  httpsFront: HttpsFrontSettings | undefined;
  reviewsModeration: boolean;
  liveStreams: LiveStreamLimits;
  reviewsRateLimitPerHour: number;
  reviewInvitationDays: number;
  /** Set when both SMTP_URL and MAIL_FROM are; otherwise no e-mail is sent. */
  mail: MailSettings | undefined;
  /** MAIL_LEASE_SECONDS: after it, a message a dead worker had claimed is sent by another. */
  mailLeaseMs: number;
  /** Set when media go to an S3-compatible bucket. */
  s3: S3Settings | undefined;
  backup: {
    /** Local time of the nightly backup; null when switched off. */
    time: { hour: number; minute: number } | null;
    keep: number;
    dir: string;
    /** BACKUP_PASSPHRASE: every backup encrypted with it (age); unset: backups in clear. */
    passphrase: string | undefined;
    /** BACKUP_S3_*: her bucket for the encrypted copies. */
    bucket: BackupBucketSettings | undefined;
  };
  /** CALENDAR_FETCH_ALLOW_PRIVATE: her calendars' addresses may be plain http and private (decision 53). */
  calendarFetchAllowPrivate: boolean;
  /** PAGE_VIEW_COUNTING: public page views are counted for the statistics. */
  pageViewCounting: boolean;
  /**
   * KEPT_PAGE_FAST_PATH: a kept public page is answered before Express (server/kept-page-fast-path.ts),
   * and behind the site's own HTTPS front from its file (server/kept-page-files.ts).
   */
  keptPageFastPath: boolean;
  /** The site's status checks (`npm run doctor`, "Stato del sito"): see `siteCheckSchema` below. */
  siteChecks: SiteCheckSettings;
}

export interface MailSettings {
  smtpUrl: string;
  from: string;
  /** Unset: the practice e-mail address from the site content. */
  to: string | undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function asConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof HttpsFrontConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** Reads and validates the environment; throws ConfigError with one line naming the bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most deploy tools' UIs.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // Settings that may carry a password are named, never echoed into logs.
    const shown = withCredentials.has(name) ? "(hidden)" : JSON.stringify(env[name] ?? "");
    throw new ConfigError(`Invalid configuration: ${name}=${shown} (${issue.message})`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET) {
    const missing = s3Required.find((name) => !e[name]);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when S3_BUCKET is set`);
  }
  if (e.BACKUP_S3_BUCKET) {
    const missing = backupS3Required.find((name) => !e[name]);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when BACKUP_S3_BUCKET is set`);
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new ConfigError(
      `Invalid configuration: ${e.SMTP_URL ? "MAIL_FROM" : "SMTP_URL"} is required when ${e.SMTP_URL ? "SMTP_URL" : "MAIL_FROM"} is set`,
    );
  }
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const httpsFront = asConfigError(() =>
    httpsFrontSettings({
      siteUrl,
      trustProxySet: e.TRUST_PROXY !== undefined,
      tlsOff: e.TLS === "off",
      httpsPort: e.HTTPS_PORT,
      httpPort: e.HTTP_PORT,
      acmeCa: e.ACME_CA,
      acmeCaRoot: e.ACME_CA_ROOT,
      dataDir: path.resolve(e.DATA_DIR),
    }),
  );
  if (httpsFront && [httpsFront.httpsPort, httpsFront.httpPort].includes(e.PORT))
    throw new ConfigError(
      `Configurazione non valida: PORT=${e.PORT} (è la porta del front HTTPS; i server del sito ne usano un'altra, ad es. 3000)`,
    );
  return {
    port: e.PORT,
    host: e.HOST ?? (httpsFront ? "127.0.0.1" : "0.0.0.0"),
    dataDir: path.resolve(e.DATA_DIR),
    webConcurrency: e.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    siteUrl,
    siteUrlConfigured: e.SITE_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    siteContentFile: e.SITE_CONTENT_FILE,
    // Behind the front, the forwarded client address and scheme come from it, on this machine only.
    trustProxy: e.TRUST_PROXY ?? (httpsFront ? ["loopback"] : false),
    httpsFront,
    reviewsModeration: e.REVIEWS_MODERATION,
    liveStreams: { total: e.LIVE_STREAMS_MAX, perClient: e.LIVE_STREAMS_PER_CLIENT },
    reviewsRateLimitPerHour: e.REVIEWS_RATE_LIMIT,
    reviewInvitationDays: e.REVIEW_INVITATION_DAYS,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, to: e.MAIL_TO } : undefined,
    mailLeaseMs: e.MAIL_LEASE_SECONDS * 1000,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT!,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    backup: {
      time:
        e.BACKUP_TIME === "off"
          ? null
          : { hour: Number(e.BACKUP_TIME.slice(0, 2)), minute: Number(e.BACKUP_TIME.slice(3)) },
      keep: e.BACKUP_KEEP,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups")),
      passphrase: e.BACKUP_PASSPHRASE,
      bucket: e.BACKUP_S3_BUCKET
        ? {
            endpoint: e.BACKUP_S3_ENDPOINT!,
            bucket: e.BACKUP_S3_BUCKET,
            region: e.BACKUP_S3_REGION,
            accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID!,
            secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY!,
            prefix: e.BACKUP_S3_PREFIX,
          }
        : undefined,
    },
    calendarFetchAllowPrivate: e.CALENDAR_FETCH_ALLOW_PRIVATE,
    pageViewCounting: e.PAGE_VIEW_COUNTING,
    keptPageFastPath: e.KEPT_PAGE_FAST_PATH,
    siteChecks: loadSiteCheckSettings(present),
  };
}

// ---- The site's status checks (`npm run doctor`, "Stato del sito"): their own settings, apart. ----

const hostAndPort = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

const siteCheckSchema = z.object({
  /** The DNS server the checks ask, `ip:port` (`[ip6]:port`); unset: the machine's own. */
  DNS_SERVER: z.string().regex(hostAndPort, "must be ip:port, e.g. 1.1.1.1:53 or [2606:4700::1111]:53").optional(),
  /** The DKIM selector her mail provider gave (the record `<selector>._domainkey.<domain>`). */
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, "letters, digits, dots, dashes")
    .optional(),
  /** This machine's public addresses, comma-separated, when its interfaces do not show them (behind NAT). */
  PUBLIC_ADDRESSES: z
    .string()
    .refine((v) => v.split(",").every((a) => isIP(a.trim()) !== 0), "must be IP addresses separated by commas")
    .optional(),
});

export interface SiteCheckSettings {
  dnsServer: string | undefined;
  dkimSelector: string | undefined;
  publicAddresses: string[];
}

function loadSiteCheckSettings(present: Record<string, string | undefined>): SiteCheckSettings {
  const parsed = siteCheckSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(present[name] ?? "")} (${issue.message})`);
  }
  const e = parsed.data;
  return {
    dnsServer: e.DNS_SERVER,
    dkimSelector: e.DKIM_SELECTOR,
    publicAddresses: e.PUBLIC_ADDRESSES ? e.PUBLIC_ADDRESSES.split(",").map((a) => a.trim()) : [],
  };
}

/** Every setting the site reads from its environment (what `npm run service:install` writes to its file). */
export const SETTING_NAMES: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...Object.keys(siteCheckSchema.shape),
];
