import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The slowest test files, slowest first (seconds in a whole run, vitest's JSON reporter, on the
 * shared two-core machine at load 15). They start first, so that the run does not end with one of them on one core while
 * the other has nothing left to do. Files not named here follow in vitest's own order: slowest
 * first by the durations it recorded in an earlier run, or largest first in a fresh clone.
 */
export const SLOWEST_FILES = [
  "tests/integration/update.test.ts", // 252
  "tests/integration/operations.test.ts", // 155
  "tests/integration/request-fuzz.test.ts", // 147
  "tests/integration/login-pressure.test.ts", // 143
  "tests/integration/newsletter-crash.test.ts", // 123
  "tests/integration/admin-security.test.ts", // 121
  "tests/integration/atomic-limits.test.ts", // 89
  "app/core/media/image-pipeline.server.test.ts", // 87
  "scripts/dependency-rules.test.ts", // 78
  "tests/integration/concurrent-transactions.test.ts", // 75
  "tests/integration/hostile-calendar.test.ts", // 71
  "tests/integration/orphan-media.test.ts", // 60
  "tests/integration/stalls.test.ts", // 58
  "tests/integration/processes.test.ts", // 54
  "tests/integration/site-content-seed.test.ts", // 51
  "tests/integration/https-front.test.ts", // 46
];

export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.indexOf(path.relative(root, spec.moduleId));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Array sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
