import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** How much of a failed test's page snapshot is printed (the start names the page and what is on it). */
const MAX_CHARS = 8000;

/** The start of the names of the attachments tests/support/e2e-test.ts adds to a failed test, printed here. */
export const FAILURE_ATTACHMENT = "when it failed: ";

/**
 * Prints what the page showed when a test failed (Playwright's error context: the page's
 * accessibility snapshot) to the output itself, with what e2e-test.ts attached (the pages of the
 * contexts the test opened itself, the output of its spec's servers). CI keeps only the output,
 * not test-results/, so a failure that does not happen here can still be read there.
 */

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped") return;
    const failedTest = test.titlePath().slice(1).join(" › ");
    const printed = new Set<string>();
    for (const attachment of result.attachments) {
      if (attachment.name.startsWith(FAILURE_ATTACHMENT) && attachment.body) {
        const what = attachment.name.slice(FAILURE_ATTACHMENT.length);
        console.log(`\n── ${what}, when "${failedTest}" failed ──\n${bounded(attachment.body.toString("utf8"))}\n──`);
        continue;
      }
      if (attachment.name !== "error-context" || !attachment.path || printed.has(attachment.path)) continue;
      printed.add(attachment.path);
      let text: string;
      try {
        text = readFileSync(attachment.path, "utf8");
      } catch {
        continue;
      }
      // The page's part: the snapshot in its yaml block. Without one (the test's own page was never
      // opened) the rest only repeats the error and the test's source, already printed.
      const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
      if (snapshot) console.log(`\n── The page when "${failedTest}" failed ──\n${bounded(snapshot)}\n──`);
    }
  }

  printsToStdio() {
    return true;
  }
}

const bounded = (text: string) =>
  text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n… (${text.length - MAX_CHARS} more characters)` : text;
