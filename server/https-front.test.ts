import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { HttpsFrontSettings } from "~/core/config/https-front";
import { certificateTracker, lastErrorFile } from "./https-front";

const front = (): HttpsFrontSettings => ({
  host: "studio-prova.it",
  otherHost: "www.studio-prova.it",
  httpsPort: 443,
  httpPort: 80,
  acmeCa: "https://ca.example/dir",
  acmeCaRoot: undefined,
  dir: mkdtempSync(path.join(os.tmpdir(), "https-front-")),
});

// Caddy 2.6's own lines, as seen when the CA was down and when a certificate came.
const failed = (identifier: string) =>
  JSON.stringify({
    level: "error",
    ts: 1,
    logger: "tls.obtain",
    msg: "could not get certificate from issuer",
    identifier,
    issuer: "ca.example-dir",
    error: `[${identifier}] Obtain: performing request: Get "https://ca.example/dir": dial tcp: connect: connection refused`,
  });
const willRetry = (identifier: string) =>
  JSON.stringify({
    level: "error",
    ts: 1,
    logger: "tls.obtain",
    msg: "will retry",
    error: `[${identifier}] Obtain: registering account: connection refused`,
    attempt: 1,
    retrying_in: 60,
  });
const obtained = (identifier: string) =>
  JSON.stringify({ level: "info", ts: 1, logger: "tls.obtain", msg: "certificate obtained successfully", identifier });

describe("Caddy's certificate lines", () => {
  it("writes the last failure to last-error (0600, one line) and removes it once every name has its certificate", () => {
    const settings = front();
    const lines: string[] = [];
    const onLine = certificateTracker(settings, (msg) => lines.push(msg));
    const file = lastErrorFile(settings);
    onLine(failed("studio-prova.it"));
    onLine(willRetry("www.studio-prova.it"));
    expect(readFileSync(file, "utf8")).toMatch(/^\S+ www\.studio-prova\.it: .*connection refused\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    onLine(obtained("www.studio-prova.it"));
    // The host still has none: its failure is what is left.
    expect(readFileSync(file, "utf8")).toMatch(/^\S+ studio-prova\.it: .*connection refused\n$/);
    onLine(obtained("studio-prova.it"));
    expect(existsSync(file)).toBe(false);
    expect(lines.filter((l) => l.includes("no certificate yet"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("certificate obtained"))).toHaveLength(2);
  });

  it("passes other lines on at their level, Caddy's information as debug, and never a request's path", () => {
    const settings = front();
    const seen: { msg: string; extra?: Record<string, unknown>; level?: number }[] = [];
    const onLine = certificateTracker(settings, (msg, extra, level) => seen.push({ msg, extra, level }));
    onLine(JSON.stringify({ level: "info", ts: 1, logger: "http", msg: "enabling automatic HTTP->HTTPS redirects" }));
    onLine(JSON.stringify({ level: "warn", ts: 1, logger: "admin", msg: "admin endpoint disabled" }));
    for (let i = 0; i < 5; i++)
      onLine(
        JSON.stringify({
          level: "error",
          ts: 1,
          logger: "http.log.error",
          msg: "dial tcp 127.0.0.1:3000: connect: connection refused",
          request: { uri: "/prenota/gestisci/secret-token" },
          status: 502,
        }),
      );
    onLine("not json");
    expect(seen.map((s) => [s.msg, s.level])).toEqual([
      ["https: enabling automatic HTTP->HTTPS redirects", 20],
      ["https: admin endpoint disabled", 20],
      ["https: dial tcp 127.0.0.1:3000: connect: connection refused", 50],
      ["https: not json", 40],
    ]);
    expect(JSON.stringify(seen)).not.toContain("secret-token");
  });
});
