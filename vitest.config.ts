import { defineConfig } from "vitest/config";
import HeaviestFirst from "./tests/support/heaviest-first.ts";

// Files that replace a module (vi.mock) need a fresh module graph of their own.
const MOCKING_FILES = ["app/core/media/full-disk.server.test.ts", "app/features/backups/offsite.server.test.ts"];

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
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: MOCKING_FILES,
          // Each file makes its own databases and restores what it changes: a thread that goes on
          // from file to file spares each one a new worker and its imports (decision 82).
          pool: "threads",
          isolate: false,
        },
      },
      { extends: true, test: { name: "mocking", include: MOCKING_FILES, pool: "threads" } },
      // Servers, signals and whole processes: a process of their own for each file.
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"], pool: "forks" } },
    ],
  },
});
