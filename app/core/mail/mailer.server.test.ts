import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/core/db/schema";
import type { Database } from "~/core/db/database.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { startTestSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp";
import { createMailer, type Mailer } from "./mailer.server";
import { createMailOutbox } from "./outbox.server";
import { newReviewNotice } from "../../features/reviews/review-notices";

const logger = pino({ level: "silent" });
const fastRetry = () => 100;

let database: Database;
let smtp: TestSmtpServer;
const mailers: Mailer[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.close()));
  await smtp?.stop();
  await database.db.delete(mailOutbox);
});

function mailer(url: string, pollMs = 100): Mailer {
  const m = createMailer({
    outbox: createMailOutbox(database.db, { retryDelayMs: fastRetry }),
    settings: { smtpUrl: url, from: "Sito <sito@studio.test>", to: undefined },
    fallbackRecipient: "dottoressa@studio.test",
    logger,
    pollMs,
  });
  mailers.push(m);
  return m;
}

const notice = (name = "Giulia") =>
  newReviewNotice(
    { id: "r1", name, rating: 4, content: "Molto brava, è stata gentile & precisa <davvero>.", verified: true },
    { adminUrl: "https://studio.test/admin/recensioni", waitsForApproval: true },
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("e-mail notices through the outbox", () => {
  it("saves a review and its notice together and delivers it once, in Italian, as text and HTML", async () => {
    smtp = await startTestSmtpServer();
    const m = mailer(smtp.url);
    const reviews = createReviewRepository(database.db);
    const review = await reviews.add({ name: "Giulia", content: "Ottima", rating: 4 }, (row, tx) =>
      m.queue(
        newReviewNotice({ ...row }, { adminUrl: "https://studio.test/admin/recensioni", waitsForApproval: true }),
        tx,
      ),
    );
    m.kick();
    const [mail] = await smtp.waitFor(1);
    await sleep(400);
    expect(smtp.received).toHaveLength(1);
    const { parsed } = mail!;
    expect(parsed.subject).toBe("Nuova recensione da approvare: Giulia (4/5)");
    expect(parsed.to?.[0]?.address).toBe("dottoressa@studio.test");
    expect(parsed.from?.address).toBe("sito@studio.test");
    expect(parsed.text).toContain("Nome: Giulia");
    expect(parsed.text).toContain("★★★★☆ (4 su 5)");
    expect(parsed.text).toContain("Testo: Ottima");
    expect(parsed.text).toContain("https://studio.test/admin/recensioni");
    expect(parsed.html).toContain('<html lang="it">');
    expect(parsed.messageId).toContain("@outbox.studio-nutrizione");
    expect(review.id).toBeTruthy();
  });

  it("a message to someone else answers to the practice (Reply-To); her own notices have none", async () => {
    smtp = await startTestSmtpServer();
    const m = mailer(smtp.url);
    await m.queueTo("paziente@example.it", notice("Maria"));
    await m.queue(notice("Eva"));
    m.kick();
    const mails = await smtp.waitFor(2);
    const to = (address: string) => mails.find((mail) => mail.parsed.to?.[0]?.address === address)!.parsed;
    expect(to("paziente@example.it").replyTo?.map((a) => a.address)).toEqual(["dottoressa@studio.test"]);
    expect(to("dottoressa@studio.test").replyTo).toBeUndefined();
  });

  it("escapes the visitor's text in the HTML part", async () => {
    smtp = await startTestSmtpServer();
    const m = mailer(smtp.url);
    await m.queue(notice("<b>Eva</b>"));
    m.kick();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.html).toContain("&lt;b&gt;Eva&lt;/b&gt;");
    expect(mail!.parsed.html).toContain("gentile &amp; precisa &lt;davvero&gt;");
    expect(mail!.parsed.html).not.toContain("<b>Eva</b>");
  });

  it("writes nothing when the review's transaction fails", async () => {
    smtp = await startTestSmtpServer();
    const m = mailer(smtp.url);
    const reviews = createReviewRepository(database.db);
    await expect(
      reviews.add({ name: "Piero", content: "Testo", rating: 5 }, async (_row, tx) => {
        await m.queue(notice("Piero"), tx);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
    expect((await reviews.listPage({ limit: 10 })).reviews.some((r) => r.name === "Piero")).toBe(false);
  });

  it("keeps retrying while the mail server is down and delivers once when it is back", async () => {
    smtp = await startTestSmtpServer(undefined, { listen: false });
    const m = mailer(smtp.url);
    await m.queue(notice());
    m.kick();
    for (let i = 0; i < 100; i++) {
      const [row] = await database.db.select().from(mailOutbox);
      if (row && row.attempts >= 2) break;
      await sleep(100);
    }
    const [waiting] = await database.db.select().from(mailOutbox);
    expect(waiting!.attempts).toBeGreaterThanOrEqual(2);
    expect(waiting!.sentAt).toBeNull();
    expect(waiting!.lastError).toBeTruthy();
    expect((await m.status()).waiting).toBe(1);

    await smtp.start();
    await smtp.waitFor(1);
    await sleep(500);
    expect(smtp.received).toHaveLength(1);
    const [sent] = await database.db.select().from(mailOutbox);
    expect(sent!.sentAt).not.toBeNull();
    expect((await m.status()).waiting).toBe(0);
  });

  it("retries after a 4xx refusal and delivers on the next 250", async () => {
    smtp = await startTestSmtpServer();
    smtp.refuseNext(1);
    const m = mailer(smtp.url);
    await m.queue(notice());
    m.kick();
    await smtp.waitFor(1);
    await sleep(400);
    expect(smtp.received).toHaveLength(1);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row!.attempts).toBe(2);
    expect(row!.sentAt).not.toBeNull();
  });

  it("sends what a process left behind: queued but never sent, or claimed by a worker that died", async () => {
    smtp = await startTestSmtpServer();
    const outbox = createMailOutbox(database.db);
    // Committed by a process killed before its worker ran.
    await outbox.enqueue({ recipient: "dottoressa@studio.test", ...notice("Anna") });
    // Claimed by a worker that died before sending: its lease runs out.
    await outbox.enqueue({ recipient: "dottoressa@studio.test", ...notice("Bruno") });
    const claimedByDeadWorker = await outbox.claimDue(2, 300);
    expect(claimedByDeadWorker).toHaveLength(2);
    expect(await outbox.claimDue(2)).toHaveLength(0);

    mailer(smtp.url);
    const mails = await smtp.waitFor(2);
    await sleep(500);
    expect(smtp.received).toHaveLength(2);
    expect(mails.map((m) => m.parsed.subject).sort()).toEqual([
      "Nuova recensione da approvare: Anna (4/5)",
      "Nuova recensione da approvare: Bruno (4/5)",
    ]);
  });

  it("two workers on one database never send one message twice", async () => {
    smtp = await startTestSmtpServer();
    const outbox = createMailOutbox(database.db);
    for (let i = 0; i < 12; i++) await outbox.enqueue({ recipient: "dottoressa@studio.test", ...notice(`P${i}`) });
    const a = mailer(smtp.url, 20);
    const b = mailer(smtp.url, 20);
    a.kick();
    b.kick();
    await smtp.waitFor(12);
    await sleep(500);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(12);
  });

  it("without SMTP settings queues nothing and says notifications are off", async () => {
    const off = createMailer({
      outbox: createMailOutbox(database.db),
      settings: undefined,
      fallbackRecipient: "dottoressa@studio.test",
      logger,
    });
    await off.queue(notice());
    expect(off.enabled).toBe(false);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe("the outbox's copies", () => {
  it("are deleted 30 days after sending and 90 after being given up; waiting ones are kept", async () => {
    const outbox = createMailOutbox(database.db);
    const day = 24 * 60 * 60 * 1000;
    const now = new Date("2026-11-25T12:00:00Z");
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const base = { subject: "s", text: "t", html: "<p>t</p>" };
    await database.db.insert(mailOutbox).values([
      { ...base, recipient: "sent-31@x.it", sentAt: ago(31) },
      { ...base, recipient: "sent-29@x.it", sentAt: ago(29) },
      { ...base, recipient: "failed-91@x.it", failedAt: ago(91) },
      { ...base, recipient: "failed-89@x.it", failedAt: ago(89) },
      { ...base, recipient: "waiting@x.it", createdAt: ago(400) },
    ]);
    expect(await outbox.purgeOld(now)).toBe(2);
    const left = await database.db.select({ recipient: mailOutbox.recipient }).from(mailOutbox);
    expect(left.map((row) => row.recipient).sort()).toEqual(["failed-89@x.it", "sent-29@x.it", "waiting@x.it"]);
  });
});
