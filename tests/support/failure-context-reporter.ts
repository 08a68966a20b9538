import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** How much of a failed test's page snapshot is printed (the start names the page and what is on it). */
const MAX_CHARS = 8000;

/**
 * Prints what the page showed when a test failed (Playwright's error context: the page's
 * accessibility snapshot) to the output itself. CI keeps only the output, not test-results/,
 * so a failure that does not happen here can still be read there.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped") return;
    for (const attachment of result.attachments) {
      if (attachment.name !== "error-context" || !attachment.path) continue;
      let text: string;
      try {
        text = readFileSync(attachment.path, "utf8");
      } catch {
        continue;
      }
      // The page's part: the snapshot in its yaml block (the rest repeats the error and the test's source).
      const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
      if (snapshot) text = snapshot;
      const shown =
        text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n… (${text.length - MAX_CHARS} more characters)` : text;
      console.log(`\n── The page when "${test.titlePath().slice(1).join(" › ")}" failed ──\n${shown}\n──`);
    }
  }

  printsToStdio() {
    return true;
  }
}
