import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/core/db/database.server";
import { startAppServer, type AppServer } from "../support/app-server";
import { bookedAmong, postBooking } from "../support/booking";
import { seedFreeTimes } from "../support/factory";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { createPostgresDatabase } from "../support/test-databases";
import { settledWithin } from "../support/within";

// With e-mail on and MAIL_TO unset (the notices go to the practice address), four
// bookings at once froze every database page until a restart. The production server, its default
// pool, twenty patients each booking a different free time at the same moment.
const PATIENTS = 20;
/** Generous for twenty bookings of a few milliseconds each; a frozen pool never answers. */
const DEADLINE_MS = 30_000;

describe("twenty bookings at once on the production server (default settings, e-mail on)", { timeout: 120_000 }, () => {
  let smtp: TestSmtpServer;
  let database: Database;
  let server: AppServer;
  let visitTypeId: string;
  let times: string[];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const databaseUrl = await createPostgresDatabase({ migrated: true });
    database = await openDatabase({ url: databaseUrl });
    ({ visitTypeId, times } = await seedFreeTimes(database.db, PATIENTS));
    // No MAIL_TO, no DATABASE_POOL_SIZE: the defaults.
    server = await startAppServer({
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Sito <sito@studio.test>",
    });
  });
  afterAll(async () => {
    // Bounded: a frozen server would not finish its requests on SIGTERM.
    await settledWithin([server.stop()], 15_000).catch(() => server.stop("SIGKILL"));
    await database?.close();
    await smtp?.stop();
  });

  it("answers every one, books each time once, and every page still answers afterwards", async () => {
    const answers = await settledWithin(
      times.map((ora, i) => postBooking(server.url, visitTypeId, ora, i)),
      DEADLINE_MS,
    );
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value.status : String(a.reason)))).toEqual(
      times.map(() => 303),
    );

    // Each time booked once: none missing, none twice.
    expect(await bookedAmong(database.db, times)).toEqual([...times].sort());

    const pages = await settledWithin(
      ["/readyz", "/reviews", "/prenota"].map(async (page) => [page, (await fetch(server.url + page)).status]),
      DEADLINE_MS,
    );
    expect(pages.map((p) => (p.status === "fulfilled" ? p.value : String(p.reason)))).toEqual([
      ["/readyz", 200],
      ["/reviews", 200],
      ["/prenota", 200],
    ]);
  });
});
