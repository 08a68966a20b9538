import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The slowest test files, slowest first (seconds in a whole run on two quiet cores, vitest's JSON
 * reporter). They start first, so that the run does not end with one of them on one core while
 * the other has nothing left to do. Files not named here follow in vitest's own order: slowest
 * first by the durations it recorded in an earlier run, or largest first in a fresh clone.
 */
export const SLOWEST_FILES = [
  "tests/integration/operations.test.ts", // 155
  "tests/integration/admin-security.test.ts", // 129
  "tests/integration/https-front.test.ts", // 56
  "app/features/backups/offsite.server.test.ts", // 45
  "tests/integration/server.test.ts", // 34
  "tests/integration/backup.test.ts", // 33
  "tests/integration/hostile-forms.test.ts", // 26
  "tests/integration/review-untrusted-input.test.ts", // 19
  "tests/integration/backup-tampering.test.ts", // 16
  "app/features/backups/backup.server.test.ts", // 16
  "app/features/recipes/recipe-editor.server.test.ts", // 16
  "app/features/account/password-reset.server.test.ts", // 12
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
