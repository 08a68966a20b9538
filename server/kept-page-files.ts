// Kept pages as files for the HTTPS front (decision 72): Caddy answers a visitor's plain GET of such
// a page from DATA_DIR/https/pages itself, so the request never crosses to a server (a proxied
// answer costs the two cores about as much again as Caddy's own TLS work). Caddy can set no header
// per file, so the page's policy is split: its script hashes go in a <meta> at the top of the page,
// the directives a <meta> may not carry in a header Caddy sends with every such file.
//
// A file is only as fresh as the page it was made from: every change removes them all, and each is
// removed once older than the page cache's limit, so Caddy never serves what the servers would not.
// The page cache writes them when it keeps a page; the site's start removes what a killed one left.
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { compressedForms } from "~/core/server/kept-page";
import type { KeptPageFiles } from "~/core/server/page-cache";
import { splitPolicyForMeta } from "~/core/server/security-headers";

/** Where the front finds a kept page's file: `<dir>/index.html` for `/`, `<dir>/home/index.html` for `/home`. */
export const keptPageFile = (dir: string, pagePath: string) => path.join(dir, pagePath, "index.html");

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The page with its policy in a <meta>, right after the character set (which must come first), or
 * null when it has no <head> to put it in: such a page is not written.
 */
export function pageWithMetaPolicy(html: string, policy: string): string | null {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(splitPolicyForMeta(policy).meta)}"/>`;
  const charset = /<meta charset="utf-8"\s*\/?>/i.exec(html);
  if (charset)
    return html.slice(0, charset.index + charset[0].length) + meta + html.slice(charset.index + charset[0].length);
  const head = /<head>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length) : null;
}

export interface KeptPageFilesOptions {
  /** DATA_DIR/https/pages: Caddy's root for these files. */
  dir: string;
  /**
   * Whether the site is published (decision 73): nothing is written before. Asked at each write, as
   * no visitor's request may reach the servers to have them read it while the front answers them all.
   */
  published: () => Promise<boolean>;
  /** The page cache's own limit: a file older than this is removed. */
  maxAgeMs: number;
  logger: Pick<Logger, "warn">;
}

export function keptPageFiles(options: KeptPageFilesOptions): KeptPageFiles {
  const { dir, maxAgeMs, logger } = options;
  /** Bumped by every change: a page compressed meanwhile is not written. */
  let generation = 0;
  const expiries = new Map<string, NodeJS.Timeout>();

  const removeAll = () => {
    for (const timer of expiries.values()) clearTimeout(timer);
    expiries.clear();
    rmSync(dir, { recursive: true, force: true });
  };
  const remove = (file: string) => {
    // The page first: without it the front goes to the servers, whatever compressed form is left.
    for (const name of [file, `${file}.br`, `${file}.gz`]) rmSync(name, { force: true });
  };
  // What a site killed with SIGKILL left: not known to be fresh.
  removeAll();

  async function write(pagePath: string, page: { identity: Buffer; csp: string | null; contentType: string }) {
    // Before any wait: a change announced from here on means this page may predate it.
    const startedAt = generation;
    // The page was kept just now: its file lasts no longer than it does in the servers.
    const expiresAt = Date.now() + maxAgeMs;
    if (!page.csp || !page.contentType.startsWith("text/html")) return;
    const html = pageWithMetaPolicy(page.identity.toString("utf8"), page.csp);
    if (html === null) return;
    const identity = Buffer.from(html);
    const { gzip, br } = await compressedForms(identity);
    if (!(await options.published().catch(() => false)) || generation !== startedAt) return;
    const file = keptPageFile(dir, pagePath);
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      // The compressed forms first and the page last, each whole by a rename: the front serves a
      // page only while its plain file is there.
      for (const [name, bytes] of [
        [`${file}.br`, br],
        [`${file}.gz`, gzip],
        [file, identity],
      ] as const) {
        const temporary = `${name}.${process.pid}.tmp`;
        writeFileSync(temporary, bytes, { mode: 0o600 });
        renameSync(temporary, name);
      }
    } catch (error) {
      logger.warn({ err: error, page: pagePath }, "kept page file not written; the servers answer it");
      remove(file);
      return;
    }
    const writtenAt = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (writtenAt === undefined) return;
    clearTimeout(expiries.get(file));
    const timer = setTimeout(() => {
      expiries.delete(file);
      // Written again since by another server process: that one removes it in its turn.
      const current = statSync(file, { throwIfNoEntry: false });
      if (current && current.mtimeMs <= writtenAt) remove(file);
    }, expiresAt - Date.now());
    timer.unref();
    expiries.set(file, timer);
  }

  return {
    write: (pagePath, page) =>
      write(pagePath, page).catch((error: unknown) =>
        logger.warn({ err: error, page: pagePath }, "kept page file not written; the servers answer it"),
      ),
    clear() {
      generation++;
      removeAll();
    },
  };
}
