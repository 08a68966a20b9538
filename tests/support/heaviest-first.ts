import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The slowest test files, slowest first (seconds in a quiet CI-like run, vitest's own report, two
 * cores). They start first, so that the run does not end with one of them on one core while the
 * other has nothing left to do. Files not named here follow in vitest's own order: slowest first by
 * the durations it recorded in an earlier run, or largest first in a fresh clone.
 */
export const SLOWEST_FILES = [
  "tests/integration/update.test.ts", // 150
  "tests/integration/operations.test.ts", // 60
  "tests/integration/request-fuzz.test.ts", // 59
  "tests/integration/https-front.test.ts", // 46
  "tests/integration/login-pressure.test.ts", // 39
  "tests/integration/newsletter-crash.test.ts", // 38
  "tests/integration/stalls.test.ts", // 35
  "tests/integration/admin-security.test.ts", // 35
  "tests/integration/atomic-limits.test.ts", // 22
  "tests/integration/processes.test.ts", // 20
  "tests/integration/statistics.test.ts", // 14
  "tests/integration/hostile-calendar.test.ts", // 14
  "tests/integration/import-pglite.test.ts", // 13
  "tests/integration/concurrent-bookings.test.ts", // 13
  "tests/integration/backup.test.ts", // 12
  "tests/integration/orphan-media.test.ts", // 11
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
