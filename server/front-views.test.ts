import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type FrontView, frontViewBatches, keptFileView, VIEWS_LOG, viewLogReader } from "./front-views";

// Caddy 2.6's line for a kept page answered from its file (the only answers it logs), as its filter leaves it.
const accessLine = (uri = "/home", method = "GET") =>
  JSON.stringify({
    level: "info",
    ts: 1,
    logger: "http.log.access",
    msg: "handled request",
    request: {
      remote_ip: "203.0.113.7",
      method,
      uri,
      headers: {
        "User-Agent": ["Mozilla/5.0 (iPhone)"],
        Referer: ["https://www.google.com/"],
        Cookie: [],
        "Sec-Purpose": ["prefetch"],
      },
    },
    status: 200,
  });

describe("the kept files' views", () => {
  it("reads a view from Caddy's line, with only the headers a view is told by; a HEAD or a broken line is none", () => {
    expect(keptFileView(accessLine())).toEqual({
      path: "/home",
      status: 200,
      contentType: "text/html; charset=utf-8",
      headers: { "user-agent": "Mozilla/5.0 (iPhone)", referer: "https://www.google.com/", "sec-purpose": "prefetch" },
      address: "203.0.113.7",
    });
    expect(keptFileView(accessLine("/home", "HEAD"))).toBeUndefined();
    expect(keptFileView('{"request":')).toBeUndefined();
  });

  it("reads each line Caddy writes once, a line still being written when it is whole, and empties the file once read", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "views-"));
    const file = path.join(dir, VIEWS_LOG);
    const read: string[] = [];
    const readNew = viewLogReader(dir, (line) => read.push(JSON.parse(line).request.uri));
    readNew();
    expect(read).toEqual([]);

    writeFileSync(file, `${accessLine("/")}\n${accessLine("/home")}\n${accessLine("/services").slice(0, 40)}`);
    readNew();
    expect(read).toEqual(["/", "/home"]);
    // The rest of the third line: read now, and the file emptied (no address left on the disk).
    appendFileSync(file, `${accessLine("/services").slice(40)}\n`);
    readNew();
    expect(read).toEqual(["/", "/home", "/services"]);
    expect(statSync(file).size).toBe(0);

    // A file Caddy made itself keeps its offset after the emptying: a hole of zeros, then its next line.
    const emptiedAt = Buffer.byteLength(`${accessLine("/")}\n${accessLine("/home")}\n${accessLine("/services")}\n`);
    readNew();
    const handle = openSync(file, "r+");
    writeSync(handle, `${accessLine("/privacy")}\n`, emptiedAt);
    closeSync(handle);
    readNew();
    expect(read).toEqual(["/", "/home", "/services", "/privacy"]);
    expect(statSync(file).size).toBe(0);
    // One Caddy reopened appends from the start.
    appendFileSync(file, `${accessLine("/reviews")}\n`);
    readNew();
    expect(read).toEqual(["/", "/home", "/services", "/privacy", "/reviews"]);
  });

  it("finishes a file Caddy rolled over from where it stopped, then deletes it, and goes on with the new one", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "views-"));
    const file = path.join(dir, VIEWS_LOG);
    const read: string[] = [];
    const readNew = viewLogReader(dir, (line) => read.push(JSON.parse(line).request.uri));
    writeFileSync(file, `${accessLine("/a")}\n${accessLine("/b").slice(0, 10)}`);
    readNew();
    // Caddy renames the full file with its time and starts another.
    appendFileSync(file, `${accessLine("/b").slice(10)}\n${accessLine("/c")}\n`);
    renameSync(file, path.join(dir, "views-2026-12-03T12-00-00.000.log"));
    writeFileSync(path.join(dir, "views-2026-12-03T12-00-01.000.log"), `${accessLine("/d")}\n`);
    writeFileSync(file, `${accessLine("/e")}\n`);
    readNew();
    expect(read).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    expect(readdirSync(dir)).toEqual([VIEWS_LOG]);
    expect(existsSync(file)).toBe(true);
  });

  it("sends a server each view once with how many times it came, not one message per view", async () => {
    const home = keptFileView(accessLine("/home"))!;
    // The same request with its headers written in another order: the same view.
    const reordered = accessLine("/home").replace(
      /"headers":\{(.*?)\}/,
      (_all, inner: string) =>
        `"headers":{${inner
          .split(/,(?=")/)
          .reverse()
          .join(",")}}`,
    );
    expect(reordered).not.toBe(accessLine("/home"));
    const other = accessLine("/home").replace("203.0.113.7", "198.51.100.4");
    const sent = new Promise<[FrontView, number][]>((resolve) => {
      const views = frontViewBatches(resolve);
      for (const line of [accessLine("/home"), other, accessLine("/home"), reordered, accessLine("/home", "HEAD")])
        views.add(line);
    });
    expect(await sent).toEqual([
      [home, 3],
      [{ ...home, address: "198.51.100.4" }, 1],
    ]);
  });
});
