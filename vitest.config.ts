import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import HeaviestFirst from "./tests/support/heaviest-first.ts";

const UNIT_FILES = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
// Files that replace a module (vi.mock) need a fresh module graph of their own: found by reading
// them, so that a new one cannot leak its mocks into the files after it.
const MOCKING_FILES = globSync(UNIT_FILES, { cwd: import.meta.dirname }).filter((file) =>
  readFileSync(`${import.meta.dirname}/${file}`, "utf8").includes("vi.mock("),
);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only contend with the database servers.
    maxWorkers: 2,
    // The slowest files first: the run's end is not one long file on one core.
    sequence: { sequencer: HeaviestFirst },
    // Through Vite's transform cache, once per worker: natively, Node reads drizzle-orm's 179 KB
    // package.json again for each of its modules (decision 42).
    server: { deps: { inline: ["drizzle-orm"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "units",
          include: UNIT_FILES,
          exclude: MOCKING_FILES,
          // Each file makes its own databases and restores what it changes: a thread that goes on
          // from file to file spares each one a new worker and its imports (decision 82).
          pool: "threads",
          isolate: false,
          // A spy left by a failed test would otherwise live on in the next files of the thread.
          restoreMocks: true,
        },
      },
      { extends: true, test: { name: "mocking", include: MOCKING_FILES, pool: "threads" } },
      // Servers, signals and whole processes: a process of their own for each file.
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"], pool: "forks" } },
    ],
  },
});
