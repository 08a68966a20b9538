import { defineConfig } from "vitest/config";
import HeaviestFirst from "./tests/support/heaviest-first.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
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
  },
});
