import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { keptPageFile, keptPageFiles, pageWithMetaPolicy } from "./kept-page-files";

const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'";
const PAGE = `<!DOCTYPE html><html lang="it"><head><meta charSet="utf-8"/><title>Studio</title></head><body><script>x()</script></body></html>`;
const page = (html = PAGE) => ({ identity: Buffer.from(html), csp: POLICY, contentType: "text/html; charset=utf-8" });

/** Resolves once `done` holds, checked every few milliseconds; fails the test after a bound. */
async function until(what: string, done: () => boolean, boundMs = 5_000) {
  const deadline = Date.now() + boundMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function files(options: { published?: () => Promise<boolean>; maxAgeMs?: number } = {}) {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "kept-files-")), "pages");
  const warnings: unknown[] = [];
  const writer = keptPageFiles({
    dir,
    published: options.published ?? (async () => true),
    maxAgeMs: options.maxAgeMs ?? 60_000,
    logger: { warn: (...args: unknown[]) => warnings.push(args) } as never,
  });
  return { dir, writer, warnings };
}

describe("kept pages as files for the HTTPS front", () => {
  it("puts the policy, less what only a header may say, in a <meta> right after the character set", () => {
    const html = pageWithMetaPolicy(PAGE, POLICY)!;
    expect(html).toContain(
      `<meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-abc='"/><title>`,
    );
    expect(html.replace(/<meta http-equiv[^>]+>/, "")).toBe(PAGE);
    expect(pageWithMetaPolicy("<p>no head</p>", POLICY)).toBeNull();
  });

  it("writes a page and its compressed forms, owner-only, where the front looks for it", async () => {
    const { dir, writer } = files();
    await Promise.all([writer.write("/home", page()), writer.write("/", page(PAGE.replace("Studio", "Inizio")))]);
    const home = keptPageFile(dir, "/home");
    expect(home).toBe(path.join(dir, "home", "index.html"));
    const html = readFileSync(home, "utf8");
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    expect(zlib.gunzipSync(readFileSync(`${home}.gz`)).toString()).toBe(html);
    expect(zlib.brotliDecompressSync(readFileSync(`${home}.br`)).toString()).toBe(html);
    expect(statSync(home).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, "index.html"), "utf8")).toContain("Inizio");
  });

  it("writes nothing while the site is not published or its state cannot be read, for a page without a policy, or one not HTML", async () => {
    let open = false;
    const { dir, writer } = files({ published: async () => open });
    await writer.write("/home", page());
    const unreadable = files({ published: () => Promise.reject(new Error("database down")) });
    await unreadable.writer.write("/home", page());
    expect(existsSync(keptPageFile(unreadable.dir, "/home"))).toBe(false);
    open = true;
    await writer.write("/privacy", { ...page(), csp: null });
    await writer.write("/sitemap.xml", { ...page(), contentType: "application/xml" });
    await writer.write("/services", page());
    expect(existsSync(keptPageFile(dir, "/services"))).toBe(true);
    for (const name of ["/home", "/privacy", "/sitemap.xml"]) expect(existsSync(keptPageFile(dir, name))).toBe(false);
  });

  it("removes every file at a change, and a page being compressed then is not written", async () => {
    const { dir, writer } = files();
    await writer.write("/home", page());
    expect(existsSync(keptPageFile(dir, "/home"))).toBe(true);
    const compressing = writer.write("/services", page());
    writer.clear();
    expect(existsSync(dir)).toBe(false);
    await compressing;
    expect(existsSync(keptPageFile(dir, "/services"))).toBe(false);
    expect(existsSync(keptPageFile(dir, "/home"))).toBe(false);
  });

  it("removes a file once it is as old as the servers' limit, and what a killed site left at the start", async () => {
    const { dir, writer } = files({ maxAgeMs: 300 });
    await writer.write("/home", page());
    const file = keptPageFile(dir, "/home");
    expect(existsSync(file)).toBe(true);
    await until(
      "removed when too old",
      () => !existsSync(file) && !existsSync(`${file}.br`) && !existsSync(`${file}.gz`),
    );

    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "left by a killed site");
    keptPageFiles({ dir, published: async () => true, maxAgeMs: 60_000, logger: { warn() {} } as never });
    expect(existsSync(file)).toBe(false);
  });
});
