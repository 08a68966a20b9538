// `node scripts/bench/concurrent-bookings.ts`, also a figure of `npm run bench`: twenty patients
// booking twenty different free times at the same moment, on the production server with the
// default settings (the embedded PostgreSQL, the default pool and server processes, no MAIL_TO) and
// e-mail on, through an SMTP server in this process (four at once froze every database
// page). Every booking must be answered (303 to her page) and each time booked once; prints the
// answers' p50 and p95. Exit code 1, alone, when one is not.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import "../lib/load-app-modules.ts";
import { buildIfStale } from "../build-if-stale.ts";
import { percentile } from "../lib/percentile.ts";

const { openSiteDatabase } = await import("../../app/core/db/site-database.server.ts");
const { startAppServer } = await import("../../tests/support/app-server.ts");
const { bookedAmong, postBooking } = await import("../../tests/support/booking.ts");
const { seedFreeTimes } = await import("../../tests/support/factory.ts");
const { startTestSmtpServer } = await import("../../tests/support/smtp.ts");

const PATIENTS = 20;
/** Each answer's bound: a booking takes milliseconds; a frozen server never answers. */
const ANSWER_TIMEOUT_MS = 30_000;

/** Books twenty free times at once on a fresh server and says how it went. */
export async function measureConcurrentBookings(): Promise<{ summary: string; ok: boolean }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-bookings-"));
  const smtp = await startTestSmtpServer();
  try {
    const seeding = await openSiteDatabase({ dataDir });
    const { visitTypeId, times } = await seedFreeTimes(seeding.db, PATIENTS).finally(() => seeding.close());
    const server = await startAppServer({
      DATA_DIR: dataDir,
      // As npm start sets it when unset: one server process per core, at most four.
      WEB_CONCURRENCY: String(Math.min(os.availableParallelism(), 4)),
      SMTP_URL: smtp.url,
      MAIL_FROM: "Sito <sito@studio.test>",
    });
    try {
      const book = async (ora: string, i: number) => {
        const started = performance.now();
        const response = await postBooking(server.url, visitTypeId, ora, i, AbortSignal.timeout(ANSWER_TIMEOUT_MS));
        return { status: response.status, ms: performance.now() - started };
      };
      const answers = await Promise.allSettled(times.map(book));
      const redirected = answers.filter((a) => a.status === "fulfilled" && a.value.status === 303).length;
      const durations = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value.ms] : []));
      const readyz = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) }).then(
        (r) => r.status,
        () => "no answer",
      );

      const database = await openSiteDatabase({ dataDir });
      const booked = await bookedAmong(database.db, times).finally(() => database.close());
      const perTime = new Map(times.map((t) => [t, 0]));
      for (const t of booked) perTime.set(t, (perTime.get(t) ?? 0) + 1);
      const once = [...perTime.values()].filter((n) => n === 1).length;

      const ok = redirected === PATIENTS && once === PATIENTS && readyz === 200;
      const summary =
        `${PATIENTS} bookings of free times at once (default settings, e-mail on, MAIL_TO unset): ` +
        `${redirected}/${PATIENTS} answered 303, ${once}/${PATIENTS} times booked exactly once, /readyz after: ${readyz}; ` +
        (durations.length
          ? `p50 ${percentile(durations, 50).toFixed(0)} ms, p95 ${percentile(durations, 95).toFixed(0)} ms`
          : "no answer timed") +
        ` — ${ok ? "met" : "MISSED"}`;
      return { summary, ok };
    } finally {
      await server.stop();
    }
  } finally {
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  buildIfStale();
  const { summary, ok } = await measureConcurrentBookings();
  console.log(summary);
  process.exitCode = ok ? 0 : 1;
}
