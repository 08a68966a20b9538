import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { mailOutbox, rateLimitHits } from "~/core/db/schema";
import { reviewReports, reviews } from "./schema";
import type { Mailer } from "~/core/mail/mailer.server";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { REPORT_MESSAGES } from "./messages";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { REPORT_RATE_LIMIT, submitReport } from "./report-submission.server";
import { reportSchema } from "./review-report-schema";
import { createReportRepository } from "./review-reports.server";
import { createReviewRepository } from "./reviews.server";

describe("a visitor's report of a review", () => {
  let database: Database;
  let mailer: Mailer;
  let deps: Parameters<typeof submitReport>[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = await createQueueOnlyMailer(database);
    deps = {
      reviews: createReviewRepository(database.db),
      reports: createReportRepository(database.db),
      rateLimiter: createRateLimiter(database.db),
      mailer,
      config: { siteUrl: "https://studio.test" },
      logger: pino({ level: "silent" }),
    };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(reviews);
    await database.db.delete(rateLimitHits);
    await database.db.delete(mailOutbox);
  });

  /** The report as the route hands it over, checked by the report's schema. */
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return parseSubmission(data, reportSchema);
  };
  const typed = (fields: Record<string, string>) => {
    const submission = form(fields);
    if (submission.status !== "success") throw new Error("the test's report should pass its schema");
    return submission.value;
  };

  it("saves the report with the practitioner's e-mail, nothing about the visitor", async () => {
    const review = await deps.reviews.add({ name: "Lia", content: "Testo", rating: 2 });
    const result = await submitReport(deps, {
      reviewId: review.id,
      report: typed({ reason: "false", details: "Mai stata in studio." }),
      clientIp: "203.0.113.1",
    });
    expect(result).toEqual({ ok: true, value: undefined });
    const [report] = await database.db.select().from(reviewReports);
    expect(report).toMatchObject({ reviewId: review.id, reason: "false", details: "Mai stata in studio." });
    const [queued] = await database.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ subject: "Recensione segnalata: Lia (2/5)" });
    expect(queued!.text).toContain(`https://studio.test/admin/segnalazioni#recensione-${review.id}`);
  });

  it("refuses a report without a known reason, and one of a review not published", async () => {
    const hidden = await deps.reviews.add({ name: "Ada", content: "Testo", rating: 1, status: "hidden" });
    // An unknown reason is refused by the report's schema, before the report reaches submitReport.
    const refused = form({ reason: "spam" });
    expect(refused.status === "error" && refused.error?.reason).toEqual([REPORT_MESSAGES.reasonMissing]);
    const notShown = await submitReport(deps, {
      reviewId: hidden.id,
      report: typed({ reason: "offensive" }),
      clientIp: "203.0.113.2",
    });
    expect(notShown).toEqual({ ok: false, reason: "notFound" });
    expect(await database.db.select().from(reviewReports)).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("accepts a limited number of reports per address an hour", async () => {
    const review = await deps.reviews.add({ name: "Ugo", content: "Testo", rating: 1 });
    const send = (clientIp: string) =>
      submitReport(deps, { reviewId: review.id, report: typed({ reason: "offensive" }), clientIp });
    for (let i = 0; i < REPORT_RATE_LIMIT.max; i++) expect((await send("203.0.113.3")).ok).toBe(true);
    expect(await send("203.0.113.3")).toEqual({ ok: false, reason: "rateLimited" });
    expect((await send("203.0.113.4")).ok).toBe(true);
  });

  it("a report that could not be saved does not use up one of the visitor's", async () => {
    const review = await deps.reviews.add({ name: "Eva", content: "Testo", rating: 1 });
    const failing = {
      ...deps,
      reports: {
        ...deps.reports,
        add: async () => {
          throw new Error("database unreachable");
        },
      },
    };
    const send = (d: typeof deps) =>
      submitReport(d, { reviewId: review.id, report: typed({ reason: "other" }), clientIp: "203.0.113.5" });
    for (let i = 0; i < REPORT_RATE_LIMIT.max + 1; i++) {
      expect(await send(failing)).toEqual({ ok: false, reason: "failed" });
    }
    expect((await send(deps)).ok).toBe(true);
  });
});
