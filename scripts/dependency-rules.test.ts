import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
const config = path.join(root, ".dependency-cruiser.cjs");

/** Runs the project's rules on a small tree of files written for the test; the exit code and the report. */
async function cruise(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "dependency-rules-"));
  dirs.push(dir);
  await writeFile(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { paths: { "~/*": ["./app/*"] } } }),
  );
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  try {
    const { stdout } = await run(depcruise, ["app", "--config", config, "-T", "err"], { cwd: dir });
    return { code: 0, report: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, report: failed.stdout };
  }
}
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the dependency rules npm test checks", () => {
  it("let a feature use the core", async () => {
    const result = await cruise({
      "app/core/db/database.server.ts": "export const db = 1;\n",
      "app/features/reviews/reviews.server.ts":
        'import { db } from "~/core/db/database.server";\nexport const reviews = db;\n',
    });
    expect(result).toEqual({ code: 0, report: expect.stringContaining("no dependency violations") });
  });

  it("refuse a core module importing a feature", async () => {
    const result = await cruise({
      "app/core/db/schema.ts":
        'import { reasons } from "../../features/reviews/reasons";\nexport const schema = reasons;\n',
      "app/features/reviews/reasons.ts": "export const reasons = [];\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain("core-imports-no-feature: app/core/db/schema.ts → app/features/reviews/reasons.ts");
  });

  it("refuse a cycle, even of types only", async () => {
    const result = await cruise({
      "app/features/photos/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "app/features/photos/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain("no-circular");
  });

  it("refuse a feature importing the services composition root", async () => {
    const result = await cruise({
      "app/services.server.ts": "export type Services = {};\n",
      "app/features/photos/photos.server.ts":
        'import type { Services } from "~/services.server";\nexport type P = Services;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain(
      "nothing-imports-the-composition: app/features/photos/photos.server.ts → app/services.server.ts",
    );
  });

  it("refuse a feature importing another feature's modules", async () => {
    const result = await cruise({
      "app/features/photos/photo-view.ts": "export type PhotoView = { id: string };\n",
      "app/features/reviews/review-card.tsx":
        'import type { PhotoView } from "~/features/photos/photo-view";\nexport type Card = PhotoView;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain(
      "features-keep-to-themselves: app/features/reviews/review-card.tsx → app/features/photos/photo-view.ts",
    );
  });

  it("refuse a shared component importing a feature", async () => {
    const result = await cruise({
      "app/features/reviews/review-view.ts": "export type ReviewView = { id: string };\n",
      "app/ui/card.tsx":
        'import type { ReviewView } from "~/features/reviews/review-view";\nexport type Card = ReviewView;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.report).toContain("ui-imports-no-feature: app/ui/card.tsx → app/features/reviews/review-view.ts");
  });
});
