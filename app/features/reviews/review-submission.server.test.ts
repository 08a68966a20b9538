import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppConfig } from "~/core/config/env.server";
import type { Database } from "~/core/db/database.server";
import { rateLimitHits } from "~/core/db/schema";
import { reviews } from "./schema";
import { createMemoryEventBus, type ChangeEvent } from "~/core/events/event-bus.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { createInvitationRepository } from "~/features/reviews/review-invitations.server";
import { createMailer } from "~/core/mail/mailer.server";
import { createMailOutbox } from "~/core/mail/outbox.server";
import { mailOutbox } from "~/core/db/schema";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { TEXT_MESSAGES } from "~/core/forms/field-rules";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { REVIEW_FORM_MESSAGES } from "./messages";
import { REVIEW_CONTENT_MAX, REVIEW_PHOTO_MAX_BYTES } from "./review-rules";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { sayReview } from "./review-answer";
import { reviewGuardSchema, reviewSchema } from "./review-schema";
import { submitReview as submitTyped } from "./review-submission.server";
import { typedValues } from "~/core/forms/typed-values";
import { EMPTY_REVIEW_VALUES } from "./review-rules";
import { HONEYPOT_FIELD, MIN_FILL_MS, STARTED_FIELD } from "./spam-guard";
import { createFormTimer } from "./spam-guard.server";

const formTimer = createFormTimer("test-secret");

/** A submission as the route makes it (the form read through its schemas), and the answer as the page says it. */
async function submitReview(
  s: Parameters<typeof submitTyped>[0],
  data: FormData,
  clientIp: string,
): Promise<{
  ok: boolean;
  message: string;
  reason?: string;
  saved?: { id: string; published: boolean };
  errors?: Record<string, string | undefined>;
  values?: typeof EMPTY_REVIEW_VALUES | null;
}> {
  const submission = parseSubmission(data, reviewSchema);
  const guard = parseSubmission(data, reviewGuardSchema);
  const result = await submitTyped(s, {
    guard: guard.status === "success" ? guard.value : {},
    review: submission.status === "success" ? submission.value : undefined,
    clientIp,
  });
  const { message, fieldErrors } = sayReview(result, submission.status === "error" ? submission.error : undefined);
  if (result.ok) return result.value ? { ok: true, message, saved: result.value } : { ok: true, message };
  const errors = Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
  return {
    ok: false,
    reason: result.reason,
    message,
    errors,
    values: typedValues(submission.reply(), EMPTY_REVIEW_VALUES),
  };
}

describe("submitting a review", () => {
  let database: Database;
  let mediaRoot: string;
  let media: MediaStorage;
  let events: ChangeEvent[];
  let config: Pick<AppConfig, "reviewsModeration" | "reviewsRateLimitPerHour">;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(reviews);
    await database.db.delete(rateLimitHits);
    mediaRoot = mkdtempSync(path.join(os.tmpdir(), "review-submit-"));
    media = createLocalMediaStorage(mediaRoot);
    events = [];
    config = { reviewsModeration: false, reviewsRateLimitPerHour: 5 };
  });

  const services = (overrides: Partial<Parameters<typeof submitReview>[0]> = {}) => {
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    const logger = pino({ level: "silent" });
    return {
      config: config as AppConfig,
      logger,
      media,
      reviews: createReviewRepository(database.db, bus),
      rateLimiter: createRateLimiter(database.db),
      invitations: createInvitationRepository(database.db),
      mailer: createMailer({
        outbox: createMailOutbox(database.db),
        settings: undefined,
        fallbackRecipient: "studio@example.it",
        logger: pino({ level: "silent" }),
      }),
      formTimer,
      ...overrides,
    };
  };

  const form = (fields: Record<string, string | Blob> = {}) => {
    const data = new FormData();
    const all: Record<string, string | Blob> = {
      name: "Giulia",
      content: "Percorso seguito con attenzione.\nMi sono trovata bene.",
      rating: "4",
      consent: "on",
      [HONEYPOT_FIELD]: "",
      [STARTED_FIELD]: formTimer.stamp(Date.now() - MIN_FILL_MS - 1000),
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) data.append(key, value);
    return data;
  };
  const photo = async () =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a5" } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      "piatto.jpg",
      {
        type: "image/jpeg",
      },
    );
  const storedFiles = () => readdirSync(mediaRoot, { recursive: true }).filter((f) => String(f).endsWith(".webp"));
  const rows = () => database.db.select().from(reviews);

  it("saves and publishes a review, trimmed, and announces it on the bus", async () => {
    const result = await submitReview(
      services(),
      form({ name: "  Giulia  ", content: " Brava \r\n davvero " }),
      "203.0.113.1",
    );
    expect(result).toMatchObject({ ok: true, saved: { published: true }, message: "Recensione aggiunta con successo" });
    const [row] = await rows();
    expect(row).toMatchObject({
      name: "Giulia",
      content: "Brava \n davvero",
      rating: 4,
      status: "published",
      imageUrl: null,
    });
    expect(events).toEqual([{ table: "reviews", action: "insert", id: row!.id }]);
  });

  it("stores the photo through the pipeline and links its renditions", async () => {
    const result = await submitReview(services(), form({ photo: await photo() }), "203.0.113.1");
    expect(result.saved).toBeDefined();
    const [row] = await rows();
    expect(row!.image?.variants.map((v) => v.width)).toEqual([400, 800, 900]);
    expect(row!.imageUrl).toBe(media.publicUrl(row!.image!.variants.at(-1)!.key));
    expect(storedFiles()).toHaveLength(3);
  });

  it("treats an empty file input as no photo", async () => {
    const result = await submitReview(services(), form({ photo: new File([], "") }), "203.0.113.1");
    expect(result.saved).toBeDefined();
    expect((await rows())[0]!.image).toBeNull();
  });

  it("keeps a review pending, unlisted, when moderation is on", async () => {
    config.reviewsModeration = true;
    const result = await submitReview(services(), form(), "203.0.113.1");
    expect(result).toMatchObject({ ok: true, saved: { published: false }, message: REVIEW_FORM_MESSAGES.pending });
    expect((await rows())[0]!.status).toBe("pending");
    expect(await createReviewRepository(database.db).newest(3)).toEqual([]);
  });

  it.each([
    ["a filled honeypot", () => ({ [HONEYPOT_FIELD]: "https://spam.example" })],
    ["a form sent faster than a person can", () => ({ [STARTED_FIELD]: formTimer.stamp(Date.now() - 300) })],
    ["a form with no start time", () => ({ [STARTED_FIELD]: "" })],
    ["a start time written by a script", () => ({ [STARTED_FIELD]: String(Date.now() - 60_000) })],
    ["a honeypot of spaces", () => ({ [HONEYPOT_FIELD]: "   " })],
    ["a start time in the future", () => ({ [STARTED_FIELD]: formTimer.stamp(Date.now() + 60_000) })],
  ])("drops %s with a neutral reply and saves nothing", async (_, fields) => {
    const result = await submitReview(services(), form(fields()), "203.0.113.1");
    expect(result).toEqual({ ok: true, message: REVIEW_FORM_MESSAGES.received });
    expect(await rows()).toEqual([]);
    expect(events).toEqual([]);
  });

  it.each([
    ["a blank name", { name: "   " }, "name", "Per favore compila tutti i campi"],
    ["a blank text", { content: "\n \n" }, "content", "Per favore compila tutti i campi"],
    ["a name over 80 characters", { name: "N".repeat(81) }, "name", REVIEW_FORM_MESSAGES.nameTooLong],
    ["a text over 2,000 characters", { content: "t".repeat(2001) }, "content", REVIEW_FORM_MESSAGES.contentTooLong],
    ["a rating of 0", { rating: "0" }, "rating", REVIEW_FORM_MESSAGES.rating],
    ["a rating of 6", { rating: "6" }, "rating", REVIEW_FORM_MESSAGES.rating],
    ["a fractional rating", { rating: "4.5" }, "rating", REVIEW_FORM_MESSAGES.rating],
    ["no consent", { consent: "" }, "consent", REVIEW_FORM_MESSAGES.consent],
    ["a name on two lines", { name: "Mario\r\nRossi" }, "name", TEXT_MESSAGES.oneLine],
    ["a name with a NUL", { name: "Mario\u0000" }, "name", TEXT_MESSAGES.oneLine],
    ["a text with a NUL", { content: "Tutto\u0000bene" }, "content", TEXT_MESSAGES.multiLine],
    ["a text with an escape character", { content: "Tutto\u001bbene" }, "content", TEXT_MESSAGES.multiLine],
  ] as [string, Record<string, string>, string, string][])(
    "refuses %s, keeping what was typed",
    async (_, fields, field, message) => {
      const result = await submitReview(services(), form(fields), "203.0.113.1");
      expect(result).toMatchObject({ ok: false, reason: "invalid", message, errors: { [field]: message } });
      // What was typed comes back, cut to what the field holds.
      expect(result.values?.content).toBe(
        (fields.content?.trim() ?? String(form().get("content"))).slice(0, REVIEW_CONTENT_MAX),
      );
      expect(await rows()).toEqual([]);
    },
  );

  it("accepts exactly 80 and 2,000 characters", async () => {
    const result = await submitReview(
      services(),
      form({ name: "N".repeat(80), content: "t".repeat(2000) }),
      "203.0.113.1",
    );
    expect(result.saved).toBeDefined();
  });

  it("stores user text as text: markup is kept verbatim, not interpreted", async () => {
    await submitReview(services(), form({ content: '<img src=x onerror="alert(1)"> ciao' }), "203.0.113.1");
    expect((await rows())[0]!.content).toBe('<img src=x onerror="alert(1)"> ciao');
  });

  it("refuses a photo over 5 MB before decoding it, as too large (413) like every upload", async () => {
    const big = new File([new Uint8Array(REVIEW_PHOTO_MAX_BYTES + 1)], "grande.jpg", { type: "image/jpeg" });
    const result = await submitReview(services(), form({ photo: big }), "203.0.113.1");
    expect(result).toMatchObject({ ok: false, reason: "invalid", message: "L'immagine deve essere inferiore a 5MB" });
    expect(await rows()).toEqual([]);
  });

  it("refuses a file that is not an image with the pipeline's Italian message, 422 like every upload", async () => {
    const fake = new File(["<svg><script>alert(1)</script></svg>"], "foto.jpg", { type: "image/jpeg" });
    const result = await submitReview(services(), form({ photo: fake }), "203.0.113.1");
    expect(result).toMatchObject({
      ok: false,
      reason: "photoRejected",
      errors: { photo: expect.stringMatching(/non è un'immagine valida/) },
    });
    expect(await rows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("removes the stored photo when the insert fails, and reports the spec's error", async () => {
    const repo = createReviewRepository(database.db);
    const failing = { ...repo, add: async () => Promise.reject(new Error("connection lost")) };
    const result = await submitReview(services({ reviews: failing }), form({ photo: await photo() }), "203.0.113.1");
    expect(result).toMatchObject({
      ok: false,
      reason: "failed",
      message: "Errore durante l'aggiunta della recensione",
    });
    expect(storedFiles()).toEqual([]);
    expect(events).toEqual([]);
  });

  it("writes no row when storing the photo fails", async () => {
    const broken: MediaStorage = { ...media, put: () => Promise.reject(new Error("disk full")) };
    const result = await submitReview(services({ media: broken }), form({ photo: await photo() }), "203.0.113.1");
    expect(result).toMatchObject({ ok: false, reason: "failed", message: REVIEW_FORM_MESSAGES.failed });
    expect(await rows()).toEqual([]);
  });

  it("limits submissions per client IP, not counting forms refused for missing fields", async () => {
    config.reviewsRateLimitPerHour = 2;
    const s = services();
    expect((await submitReview(s, form({ name: "" }), "198.51.100.7")).ok).toBe(false);
    expect((await submitReview(s, form(), "198.51.100.7")).saved).toBeDefined();
    expect((await submitReview(s, form(), "198.51.100.7")).saved).toBeDefined();
    const third = await submitReview(s, form({ name: "Terza" }), "198.51.100.7");
    expect(third).toMatchObject({ ok: false, reason: "rateLimited", message: REVIEW_FORM_MESSAGES.rateLimited });
    expect(third.values?.name).toBe("Terza");
    expect((await submitReview(s, form(), "198.51.100.8")).saved).toBeDefined();
    expect(await rows()).toHaveLength(3);
  });

  it("marks an invited review verified, exempts it from the per-IP limit and uses the invitation up", async () => {
    config.reviewsRateLimitPerHour = 1;
    const s = services();
    expect((await submitReview(s, form(), "198.51.100.9")).saved).toBeDefined();
    expect((await submitReview(s, form(), "198.51.100.9")).ok).toBe(false);
    const { token } = await s.invitations.create({ validDays: 30 });
    const invited = await submitReview(s, form({ name: "Invitata", invito: token }), "198.51.100.9");
    expect(invited.saved).toBeDefined();
    expect((await rows()).find((r) => r.name === "Invitata")?.verified).toBe(true);
    const again = await submitReview(s, form({ name: "Di nuovo", invito: token }), "198.51.100.10");
    expect(again).toMatchObject({
      ok: false,
      reason: "invitation",
      message:
        "Questo invito è già stato usato per una recensione. Puoi comunque scriverne una con il modulo qui sotto.",
    });
    expect(again.values?.name).toBe("Di nuovo");
    const forged = await submitReview(s, form({ invito: "x".repeat(43) }), "198.51.100.11");
    expect(forged).toMatchObject({ ok: false, reason: "invitation" });
  });

  it("saves one review per form start token, also when two arrive at once; a refused one leaves it unused", async () => {
    const s = services();
    const token = formTimer.stamp(Date.now() - MIN_FILL_MS - 1000);
    // Refused for a missing field: the visitor corrects it and sends the same form again.
    expect((await submitReview(s, form({ name: "", [STARTED_FIELD]: token }), "198.51.100.20")).ok).toBe(false);
    const results = await Promise.all(
      ["Prima", "Seconda"].map((name, i) =>
        submitReview(s, form({ name, [STARTED_FIELD]: token }), `198.51.100.${21 + i}`),
      ),
    );
    expect(results.map((r) => (r.saved ? "saved" : "dropped")).toSorted()).toEqual(["dropped", "saved"]);
    // The neutral answer a person gets: nothing says why it was not saved.
    expect(results.find((r) => !r.saved)).toEqual({ ok: true, message: REVIEW_FORM_MESSAGES.received });
    expect(await rows()).toHaveLength(1);
    // Two forms shown in the same millisecond have tokens of their own.
    const now = Date.now() - MIN_FILL_MS - 1000;
    const [one, two] = [formTimer.stamp(now), formTimer.stamp(now)];
    expect(one).not.toBe(two);
    expect((await submitReview(s, form({ name: "Terza", [STARTED_FIELD]: one }), "198.51.100.23")).saved).toBeDefined();
    expect(
      (await submitReview(s, form({ name: "Quarta", [STARTED_FIELD]: two }), "198.51.100.24")).saved,
    ).toBeDefined();
  });

  it("queues the practitioner's e-mail with the review when notices are on", async () => {
    await database.db.delete(mailOutbox);
    config.reviewsModeration = true;
    const mailer = await createQueueOnlyMailer(database);
    const result = await submitReview(services({ mailer }), form({ name: "Notificata" }), "203.0.113.50");
    expect(result.saved).toBeDefined();
    const [queued] = await database.db.select().from(mailOutbox);
    expect(queued).toMatchObject({
      recipient: "studio@example.it",
      subject: "Nuova recensione da approvare: Notificata (4/5)",
    });
  });
});
