import { pino, type Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";

/** One JSON line per entry; cookies, credentials and passwords never written. */
export function createLogger(config: Pick<AppConfig, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.passwordHash"],
      remove: true,
    },
  });
}
