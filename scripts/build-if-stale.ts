import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib, { brotliCompressSync, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const inputs = [
  "app",
  "server",
  "public",
  "drizzle",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
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
    for (const file of files(input))
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

/**
 * Brotli (quality 11) and gzip copies of the text assets, made once at build time:
 * on-the-fly compression must stay fast, so it cannot afford brotli's best level.
 */
export function precompressAssets(dir = path.join(root, "build/client/assets")): void {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const data = readFileSync(path.join(dir, name));
    writeFileSync(
      path.join(dir, `${name}.br`),
      brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(data, { level: 9 }));
  }
}

/** Builds the production bundle when it is missing or older than the sources (`--force`: always). */
export function buildIfStale(force = false): void {
  const wanted = sourceHash();
  const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
  if (!force && current === wanted && existsSync(path.join(root, "build/server/index.js"))) return;
  console.log(force ? "Building…" : current ? "Sources changed: rebuilding…" : "No production build yet: building…");
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    // Whoever asked (the test runner sets NODE_ENV=test): otherwise Vite bundles React's development build.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The production build failed (see above).");
    process.exit(result.status ?? 1);
  }
  precompressAssets();
  writeFileSync(stampFile, wanted);
}

if (import.meta.main) buildIfStale(process.argv.includes("--force"));
