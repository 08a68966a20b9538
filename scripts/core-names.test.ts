import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkCoreNames, featureNames } from "./core-names";

const root = path.resolve(import.meta.dirname, "..");
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A small tree: the site's feature folders, and the core files given. */
async function tree(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "core-names-"));
  dirs.push(dir);
  for (const feature of ["booking", "recipes", "site-content"])
    await mkdir(path.join(dir, "app/features", feature), { recursive: true });
  await mkdir(path.join(dir, "app/ui"), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

describe("the core names no feature (a step of npm run check:ways)", () => {
  it("passes on the site's own tree", () => {
    expect(checkCoreNames(root)).toEqual({ added: [], gone: [] });
  });

  it("fails on a feature's table, page or path planted in the core or app/ui", async () => {
    const dir = await tree({
      "app/core/events/change.ts": 'export const LIVE_TABLES = ["booking", "other"] as const;\n',
      "app/core/server/page-cache.ts": "const CACHED = /^\\/ricette/;\nconst recipesPage = 1;\n",
      "app/core/db/things.ts": 'import { x } from "../../features/other/x";\n',
      "app/ui/footer.tsx": "export const siteContentLink = null;\n",
    });
    expect(
      checkCoreNames(dir, [])
        .added.map(({ file, line }) => `${file}:${line}`)
        .sort(),
    ).toEqual([
      "app/core/db/things.ts:1",
      "app/core/events/change.ts:1",
      "app/core/server/page-cache.ts:2",
      "app/ui/footer.tsx:1",
    ]);
  });

  it("lets comments and tests name features, and words that only contain a name", async () => {
    const dir = await tree({
      "app/core/a.ts": "// booking announces its own tables\n/* recipes too */\nconst rebooking = 'bookings';\n",
      "app/core/a.test.ts": 'expect(tables).toContain("booking");\n',
    });
    expect(checkCoreNames(dir, [])).toEqual({ added: [], gone: [] });
  });

  it("fails when a known place is gone, so the list of known places stays true", async () => {
    const dir = await tree({ "app/core/a.ts": "export const a = 1;\n" });
    expect(checkCoreNames(dir, ["app/core/a.ts: const booking = 1;"]).gone).toEqual([
      "app/core/a.ts: const booking = 1;",
    ]);
  });

  it("finds a name in a string after a URL's double slash", () => {
    expect(
      featureNames("x.ts", 'const u = "https://x.test/a"; const t = "site-content";', ["site-content"]),
    ).toHaveLength(1);
  });
});
