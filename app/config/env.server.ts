import os from "node:os";
import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "~/media/s3-media-storage.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Server processes sharing the port; by default one per core, at most four. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** JSON file overriding the practice details of app/content/site-content.ts. */
  SITE_CONTENT_FILE: z.string().min(1).optional(),
  /** Express "trust proxy" value: unset trusts no proxy, so X-Forwarded-For is ignored. */
  TRUST_PROXY: z.string().min(1).optional(),
  /** On: a new review waits for the administrator's approval. */
  REVIEWS_MODERATION: booleanFlag.default(false),
  /** Review submissions accepted per client IP per hour. */
  REVIEWS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Setting S3_BUCKET stores media in an S3-compatible bucket instead of DATA_DIR/media. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "not a valid bucket name").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

const s3Required = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  webConcurrency: number;
  databaseUrl: string | undefined;
  siteUrl: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  siteContentFile: string | undefined;
  trustProxy: string | undefined;
  reviewsModeration: boolean;
  reviewsRateLimitPerHour: number;
  /** Set when media go to an S3-compatible bucket. */
  s3: S3Settings | undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment; throws ConfigError with one line naming the bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most deploy tools' UIs.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? "")} (${issue.message})`,
    );
  }
  const e = parsed.data;
  if (e.S3_BUCKET) {
    const missing = s3Required.find((name) => !e[name]);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when S3_BUCKET is set`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    webConcurrency: e.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4),
    databaseUrl: e.DATABASE_URL,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    siteContentFile: e.SITE_CONTENT_FILE,
    trustProxy: e.TRUST_PROXY,
    reviewsModeration: e.REVIEWS_MODERATION,
    reviewsRateLimitPerHour: e.REVIEWS_RATE_LIMIT,
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
  };
}
