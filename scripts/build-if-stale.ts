import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const inputs = ["app", "server", "public", "drizzle", "react-router.config.ts", "vite.config.ts", "tsconfig.json", "package-lock.json"];
const stampFile = path.join(root, "build", ".source-hash");

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
  } else {
    yield entry;
  }
}

/** A hash of every input of the production build: its content, not its mtime (a fresh clone has new mtimes). */
export function sourceHash(): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) hash.update(file).update("\0").update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

/** Builds the production bundle when it is missing or older than the sources. */
export function buildIfStale(): void {
  const wanted = sourceHash();
  const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
  if (current === wanted && existsSync(path.join(root, "build/server/index.js"))) return;
  console.log(current ? "Sources changed: rebuilding…" : "No production build yet: building…");
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The production build failed (see above).");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, wanted);
}

if (import.meta.main) buildIfStale();
