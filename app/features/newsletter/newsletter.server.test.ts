import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { mailOutbox, mediaObjects, rateLimitHits, type StoredImage } from "~/core/db/schema";
import { newsletterCampaigns, newsletterSubscribers } from "./schema";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { sweepOrphanMedia, trackMediaWrites } from "~/core/media/orphan-sweep.server";
import type { Mailer } from "~/core/mail/mailer.server";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { seedNewsletterSubscribers } from "../../../tests/support/factory";
import {
  queueNewsletterCopies,
  sendTestNewsletter,
  startNewsletter,
  subscribeToNewsletter,
} from "./newsletter-actions.server";
import { createNewsletterRepository, type NewsletterRepository } from "./newsletter.server";

const siteUrl = "https://studio.example.it";
const body = {
  type: "doc" as const,
  content: [
    { type: "heading" as const, attrs: { level: 2 as const }, content: [{ type: "text" as const, text: "Novità" }] },
    { type: "paragraph" as const, content: [{ type: "text" as const, text: "Le ricette <di> stagione & altro." }] },
  ],
};

describe("newsletter on PostgreSQL", () => {
  let database: Database;
  let repo: NewsletterRepository;
  let mailer: Mailer;

  beforeAll(async () => {
    database = await openTestDatabase();
    repo = createNewsletterRepository(database.db);
    mailer = await createQueueOnlyMailer(database);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(newsletterCampaigns);
    await database.db.delete(newsletterSubscribers);
    await database.db.delete(mailOutbox);
    await database.db.delete(rateLimitHits);
    await database.db.delete(mediaObjects);
  });

  const deps = () => ({
    newsletter: repo,
    mailer,
    rateLimiter: createRateLimiter(database.db),
    logger: pino({ level: "silent" }),
    config: { siteUrl, siteUrlConfigured: true },
  });
  const subscribe = (email: string, clientIp = "203.0.113.9") =>
    subscribeToNewsletter(deps(), { email, clientIp, siteUrl, practitionerName: "Dott.ssa Giulia Ferrari" });
  const outbox = () => database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  const linkToken = (text: string, kind: "conferma" | "disiscriviti") =>
    new RegExp(`${siteUrl}/newsletter/${kind}/([A-Za-z0-9_-]{43})`).exec(text)?.[1];

  it("double opt-in: an address is pending until its e-mailed link confirms it, and confirming again changes nothing", async () => {
    expect((await subscribe("Anna@Esempio.it")).ok).toBe(true);
    const [mail] = await outbox();
    expect(mail!.recipient).toBe("Anna@Esempio.it");
    expect(mail!.subject).toBe("Conferma l'iscrizione alla newsletter");
    expect(await repo.counts()).toEqual({ confirmed: 0, pending: 1, unsubscribed: 0 });
    // Only the token's hash is stored: the link's token is nowhere in the table.
    const token = linkToken(mail!.text, "conferma")!;
    const [row] = await database.db.select().from(newsletterSubscribers);
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await repo.confirm(token)).toBe("confirmed");
    expect(await repo.counts()).toEqual({ confirmed: 1, pending: 0, unsubscribed: 0 });
    expect(await repo.confirm(token)).toBe("alreadyConfirmed");
    expect(await repo.counts()).toEqual({ confirmed: 1, pending: 0, unsubscribed: 0 });
    expect(await repo.confirm("x".repeat(43))).toBe("unknown");

    // The same address again: nothing is sent, and the answer is the same.
    expect((await subscribe("anna@esempio.it")).ok).toBe(true);
    expect(await outbox()).toHaveLength(1);
  });

  it("an expired link confirms nothing, and the job's purge deletes the pending address", async () => {
    await subscribe("bruno@esempio.it");
    const token = linkToken((await outbox())[0]!.text, "conferma")!;
    await database.db.execute(sql`update newsletter_subscribers set confirm_expires_at = now() - interval '1 second'`);
    expect(await repo.confirm(token)).toBe("unknown");
    expect(await repo.deleteExpiredPending()).toBe(1);
    expect(await database.db.select().from(newsletterSubscribers)).toEqual([]);
  });

  it("the form is limited per visitor and per address", async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe("carla@esempio.it", `198.51.100.${i}`)).ok).toBe(true);
    expect(await subscribe("carla@esempio.it", "198.51.100.99")).toEqual({ ok: false, reason: "rateLimited" });
    for (let i = 0; i < 5; i++) expect((await subscribe(`p${i}@esempio.it`, "192.0.2.1")).ok).toBe(true);
    expect(await subscribe("altro@esempio.it", "192.0.2.1")).toEqual({ ok: false, reason: "rateLimited" });
  });

  it("every copy carries a visible unsubscribe link and the one-click headers; unsubscribing erases the address", async () => {
    await seedNewsletterSubscribers(database.db, 2);
    const id = await repo.saveDraft({ subject: "Le novità di marzo", body });
    expect(await startNewsletter(deps(), id)).toEqual({ ok: true, value: undefined });
    expect(await queueNewsletterCopies(deps())).toBe(2);
    const copies = await outbox();
    expect(copies).toHaveLength(2);
    const copy = copies[0]!;
    const token = linkToken(copy.text, "disiscriviti")!;
    expect(copy.headers).toEqual({
      "List-Unsubscribe": `<${siteUrl}/newsletter/disiscriviti/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(copy.html).toContain("<h2><span>Novità</span></h2>");
    expect(copy.html).toContain("Le ricette &lt;di&gt; stagione &amp; altro.");
    expect(copy.text).toContain("Le ricette <di> stagione & altro.");
    expect(copy.html).toContain(`href="${siteUrl}/newsletter/disiscriviti/${token}"`);

    expect(await repo.unsubscribeState(token)).toBe("subscribed");
    expect(await repo.unsubscribe(token)).toBe("unsubscribed");
    expect(await repo.unsubscribe(token)).toBe("alreadyUnsubscribed");
    expect(await repo.counts()).toEqual({ confirmed: 1, pending: 0, unsubscribed: 1 });
    const emails = (await database.db.select().from(newsletterSubscribers)).map((row) => row.email);
    expect(emails.filter((email) => email !== null)).toEqual([copies[1]!.recipient]);
  });

  it("the test copy goes to her own sign-in address, not to the practice's", async () => {
    expect((await sendTestNewsletter(deps(), { subject: "Prova", body, images: {} }, "lei@studio.test")).ok).toBe(true);
    const [copy] = await outbox();
    expect(copy!.recipient).toBe("lei@studio.test");
    expect(copy!.subject).toBe("[Prova] Prova");
  });

  it("a send interrupted by a crash and restarted queues each subscriber exactly once", async () => {
    const emails = await seedNewsletterSubscribers(database.db, 200);
    const id = await repo.saveDraft({ subject: "Newsletter di prova", body });
    expect((await startNewsletter(deps(), id)).ok).toBe(true);
    expect(await queueNewsletterCopies(deps(), 60)).toBe(60);

    // The crash, at the database: the 31st e-mail of the next batch fails mid-transaction.
    await database.db.execute(sql`
      create function newsletter_test_crash() returns trigger language plpgsql as $$
      begin
        if (select count(*) from mail_outbox) >= 90 then raise exception 'crash'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`
      create trigger newsletter_test_crash before insert on mail_outbox
      for each row execute function newsletter_test_crash()`);
    await expect(queueNewsletterCopies(deps(), 60)).rejects.toThrow();
    // Nothing of the failed batch stayed: neither its e-mails nor its deliveries.
    expect(await outbox()).toHaveLength(60);
    expect((await repo.campaign(id))!.queued).toBe(60);
    await database.db.execute(sql`drop trigger newsletter_test_crash on mail_outbox`);
    await database.db.execute(sql`drop function newsletter_test_crash()`);

    // Restarted, twice over at once (two processes): every subscriber queued once.
    while ((await repo.campaign(id))!.finishedAt === null) {
      await Promise.all([queueNewsletterCopies(deps(), 60), queueNewsletterCopies(deps(), 60)]);
    }
    const recipients = (await outbox()).map((mail) => mail.recipient).sort();
    expect(recipients).toEqual(emails);
    expect((await repo.campaign(id))!.queued).toBe(200);
  });
  describe("images (decision 70)", () => {
    const image = (key: string): StoredImage => ({
      width: 1600,
      height: 900,
      format: "webp",
      variants: [
        { key: `article-images/${key}-800.webp`, width: 800, height: 450 },
        { key: `article-images/${key}-1600.webp`, width: 1600, height: 900 },
      ],
    });
    const withImage = (imageId: string, alt: string) => ({
      type: "doc" as const,
      content: [...body.content, { type: "image" as const, attrs: { imageId, alt } }],
    });
    const imageId = "0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";

    it("a copy shows each image from the site's https address with its size and description; the text part names it", async () => {
      await seedNewsletterSubscribers(database.db, 1);
      const id = await repo.saveDraft({
        subject: "Legumi",
        body: withImage(imageId, "Un piatto di ceci & lenticchie"),
        images: { [imageId]: image("abcdefghijklmnopqrstuv") },
      });
      expect((await startNewsletter(deps(), id)).ok).toBe(true);
      expect(await queueNewsletterCopies(deps())).toBe(1);
      const [copy] = await outbox();
      expect(copy!.html).toMatch(
        /<img src="https:\/\/studio\.example\.it\/media\/article-images\/abcdefghijklmnopqrstuv-1600\.webp" width="600" height="338" alt="Un piatto di ceci &amp; lenticchie"/,
      );
      expect(copy!.text).toContain("[Immagine: Un piatto di ceci & lenticchie]");
    });

    it("is refused while the site has no https address, and sent once it has", async () => {
      await seedNewsletterSubscribers(database.db, 1);
      const id = await repo.saveDraft({
        subject: "Legumi",
        body: withImage(imageId, "Un piatto di ceci"),
        images: { [imageId]: image("abcdefghijklmnopqrstuv") },
      });
      for (const config of [
        { siteUrl: "http://localhost:3000", siteUrlConfigured: false },
        { siteUrl: "http://studio.example.it", siteUrlConfigured: true },
      ]) {
        expect(await startNewsletter({ ...deps(), config }, id)).toEqual({ ok: false, reason: "imagesNeedSiteUrl" });
        expect(await sendTestNewsletter({ ...deps(), config }, (await repo.draft())!, "lei@studio.test")).toEqual({
          ok: false,
          reason: "imagesNeedSiteUrl",
        });
      }
      expect((await repo.draft())?.id).toBe(id);
      expect(await outbox()).toEqual([]);
      expect((await startNewsletter(deps(), id)).ok).toBe(true);
    });

    it("the orphan-media sweep leaves a sent newsletter's image files alone, whatever else forgot them", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "newsletter-images-"));
      const media = trackMediaWrites(createLocalMediaStorage(dir), database.db);
      const kept = await media.put("article-images", "webp", Buffer.from("in the newsletter"));
      const orphan = await media.put("article-images", "webp", Buffer.from("in nothing"));
      const stored: StoredImage = {
        width: 10,
        height: 10,
        format: "webp",
        variants: [{ key: kept, width: 10, height: 10 }],
      };
      await seedNewsletterSubscribers(database.db, 1);
      const id = await repo.saveDraft({
        subject: "Legumi",
        body: withImage(imageId, "Ceci"),
        images: { [imageId]: stored },
      });
      expect((await startNewsletter(deps(), id)).ok).toBe(true);
      expect(await queueNewsletterCopies(deps())).toBe(1);
      // The copies sent and gone from the outbox: the newsletter alone still refers to the image.
      await database.db.delete(mailOutbox);

      const swept = await sweepOrphanMedia(database.db, media, { minAgeMs: 0 });
      expect(swept.removed).toEqual([orphan]);
      expect(await media.get(kept)).toBeDefined();
    });
  });
});
