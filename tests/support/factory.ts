import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database, Db } from "~/core/db/database.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { finishSetup } from "~/features/site-content/setup.server";
import { reviews as reviewsTable, type Review } from "~/features/reviews/schema";
import type { RecipePhoto } from "~/features/photos/schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { storeCrops } from "~/core/media/aspect-crops.server";
import { largestUrl, storeImage } from "~/core/media/image-pipeline.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { createAppointmentRepository } from "~/features/booking/appointments.server";
import { freeDays, type WeeklyHours } from "~/features/booking/availability";
import type { BookingPlace } from "~/features/booking/booking-page.server";
import { createBookingSettingsRepository } from "~/features/booking/booking-settings.server";
import type { CalendarSourceData } from "~/features/booking/calendar-sources.server";
import type { CreateReviewInvitation } from "~/features/booking/review-invite.server";
import { weeklyHours } from "~/features/booking/studio-hours";
import { createOnlineRoomRepository } from "~/features/booking/online-rooms.server";
import { createDetailsLinks } from "~/features/booking/details-link.server";
import { createFollowUpRepository } from "~/features/booking/follow-ups.server";
import { createTimeOffRepository } from "~/features/booking/time-off.server";
import { createHolidayRepository } from "~/features/booking/holidays.server";
import { createVisitTypeRepository, type VisitTypeData } from "~/features/booking/visit-types.server";
import { createRecipePhotoRepository } from "~/features/photos/recipe-photos.server";
import type { RecipeData } from "~/features/recipes/recipe";
import { PHONE_USER_AGENT } from "./user-agents";
import type { FaqQuestionData } from "~/features/faq/faq.server";
import type { RichTextDocument } from "~/ui/rich-text/document";
import { createRecipeRepository, type RecipeRecord } from "~/features/recipes/recipes.server";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { invitationLink } from "~/features/reviews/invitation-share.server";
import { createInvitationRepository } from "~/features/reviews/review-invitations.server";
import { createReviewRepository, type NewReview } from "~/features/reviews/reviews.server";
import { createWaitingListRepository, type WaitingListRepository } from "~/features/booking/waiting-list.server";
import { pino } from "pino";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { createQueueOnlyMailer } from "./outbox";
import { type ArticleData, type ArticleRecord, createArticleRepository } from "~/features/articles/articles.server";
import type { PageView } from "~/features/statistics/counting";
import { randomBytes } from "node:crypto";
import { newsletterSubscribers } from "~/features/newsletter/schema";

/*
 * The tests' data, in one place for every feature (the tests may join features; the features may
 * not): values to build with, and rows put straight into a database or a server's data directory.
 * A data directory is laid out as the production server lays it out (the embedded PostgreSQL in
 * DATA_DIR/postgres, files in DATA_DIR/media), whether a server runs on it or not.
 */

const palette = ["#6a8f5e", "#a4532f", "#d9b44a", "#3f6137", "#9fb993", "#c77d52", "#557a4a", "#e6dcc7"];

/** A plain coloured picture, distinct per index, for tests that need real stored images. */
export async function testImage(index: number, width = 1200, height = 900): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: palette[index % palette.length]! },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function withData<T>(dataDir: string, work: (parts: Awaited<ReturnType<typeof open>>) => Promise<T>): Promise<T> {
  const parts = await open(dataDir);
  try {
    return await work(parts);
  } finally {
    await parts.database.close();
  }
}

async function open(dataDir: string) {
  const database = await openSiteDatabase({ dataDir });
  const media = createLocalMediaStorage(path.join(dataDir, "media"));
  return { database, media };
}

/** Adds `count` recipe photos titled "Ricetta 1"…, stored through the real image pipeline, in that display order. */
export async function seedPhotos(
  dataDir: string,
  count: number,
  options: { titles?: (string | null)[] } = {},
): Promise<RecipePhoto[]> {
  return withData(dataDir, async ({ database, media }) => {
    const photos = createRecipePhotoRepository(database.db);
    const rows: RecipePhoto[] = [];
    for (let i = 0; i < count; i++) {
      const image = await storeImage(media, "recipe-photos", await testImage(i));
      const title = options.titles ? (options.titles[i] ?? null) : `Ricetta ${i + 1}`;
      rows.push(await photos.add({ title, imageUrl: largestUrl(media, image), image }));
    }
    return rows;
  });
}

export interface SeedReview extends NewReview {
  /** Defaults to now; older dates let a test control the order. */
  createdAt?: Date;
  /** Attach a stored test image. */
  withImage?: boolean;
  /** Mark it as sent through an invitation. */
  verified?: boolean;
  /** The practitioner's reply. */
  reply?: string;
}

/** Adds the reviews as given (published unless `status` says otherwise). */
export async function seedReviews(dataDir: string, list: SeedReview[]): Promise<Review[]> {
  return withData(dataDir, async ({ database, media }) => {
    const repo = createReviewRepository(database.db);
    const rows: Review[] = [];
    for (const [i, { createdAt, withImage, verified, reply, ...review }] of list.entries()) {
      const image = withImage ? await storeImage(media, "reviews", await testImage(i, 800, 600)) : null;
      let row = await repo.add({ ...review, image, imageUrl: image ? largestUrl(media, image) : null });
      if (reply) await repo.setReply(row.id, reply);
      if (createdAt || verified) {
        [row] = (await database.db
          .update(reviewsTable)
          .set({ createdAt: createdAt ?? row.createdAt, verified: verified ?? false })
          .where(eq(reviewsTable.id, row.id))
          .returning()) as [Review];
      }
      rows.push(row);
    }
    return rows;
  });
}

// Recipes.

/** A complete recipe for tests, four servings, published unless `overrides` says otherwise. */
export function sampleRecipe(overrides: Partial<RecipeData> = {}): RecipeData {
  return {
    photoId: null,
    slug: "insalata-di-farro",
    title: "Insalata di farro",
    description: "Un piatto unico fresco, con farro, ceci e verdure di stagione.",
    category: "pranzo",
    tags: ["vegana", "sportivi"],
    cuisine: "Italiana",
    servings: 4,
    prepMinutes: 20,
    cookMinutes: 25,
    portionGrams: 250,
    ingredients: [
      { section: null, quantity: 200, unit: "g", name: "farro perlato", note: "sciacquato" },
      { section: null, quantity: 240, unit: "g", name: "ceci lessati", note: null },
      { section: "Per il condimento", quantity: 2, unit: "cucchiaio", name: "olio extravergine d'oliva", note: null },
      { section: "Per il condimento", quantity: 1, unit: "pezzo", name: "limone", note: "il succo" },
      { section: "Per il condimento", quantity: null, unit: "qb", name: "sale", note: null },
    ],
    steps: [
      { text: "Cuoci il farro in acqua bollente salata per 25 minuti, poi scolalo." },
      { text: "Taglia le verdure a cubetti e uniscile al farro con i ceci." },
      { text: "Condisci con olio, succo di limone e sale; servi a temperatura ambiente." },
    ],
    note: "Ottima anche il giorno dopo: portala in ufficio in un contenitore di vetro.",
    nutrition: {
      energyKcal: 420,
      energyKj: 1757,
      fat: 12.5,
      saturates: 1.8,
      carbohydrate: 58,
      sugars: 4.2,
      fibre: 9.1,
      protein: 15.3,
      salt: 0.6,
    },
    status: "published",
    ...overrides,
  };
}

/**
 * Writes recipes straight into a server's data directory (with their crops, as a save makes them).
 * A running server hears nothing of them: seed before the pages under test are opened.
 */
export async function seedRecipes(dataDir: string, recipes: RecipeData[]): Promise<RecipeRecord[]> {
  const database = await openSiteDatabase({ dataDir });
  try {
    const media = createLocalMediaStorage(path.join(dataDir, "media"));
    const repo = createRecipeRepository(database.db, createMemoryEventBus());
    const photos = createRecipePhotoRepository(database.db);
    const saved: RecipeRecord[] = [];
    for (const recipe of recipes) {
      const photo = recipe.photoId ? await photos.get(recipe.photoId) : undefined;
      const crops = photo?.image
        ? { photoId: photo.id, ...(await storeCrops(media, "recipe-photos", photo.image)) }
        : null;
      const result = await repo.create(recipe, crops);
      if (!result.ok) throw new Error(`recipe ${recipe.slug} not seeded: ${result.reason}`);
      saved.push(result.value);
    }
    return saved;
  } finally {
    await database.close();
  }
}

// Booking: weekday mornings at the Milan studio and online.

const morning = [{ opens: "09:00", closes: "13:00" }];

/** Monday to Friday, 9:00–13:00; closed at the weekend. */
export const weekdayMornings: WeeklyHours = {
  Monday: morning,
  Tuesday: morning,
  Wednesday: morning,
  Thursday: morning,
  Friday: morning,
  Saturday: [],
  Sunday: [],
};

export const testPlaces: BookingPlace[] = [
  {
    key: "studio-di-milano",
    name: "Studio di Milano",
    address: "Via Giuseppe Verdi 18, 20121 Milano (MI)",
    mapsUrl: "https://maps.example/milano",
    hours: weekdayMornings,
  },
  { key: "online", name: "Visita online", address: null, mapsUrl: null, hours: weekdayMornings },
];

/** What the e-mails take from the site content. */
export const testSite = {
  places: testPlaces,
  practitionerName: "Dott.ssa Giulia Ferrari",
  phone: "+39 347 218 4590",
  reviewsShown: true,
};

/** The reviews' invitations as the composition wires them for booking (tests may join features). */
export function testReviewInvitations(db: Db, validDays = 30): CreateReviewInvitation {
  const invitations = createInvitationRepository(db);
  return async (executor, { patientName }) => {
    const { token } = await invitations.create({ patientName, validDays }, executor);
    return { url: invitationLink("https://giuliaferrari-nutrizionista.it", token), validDays };
  };
}

/** The site's address in the tests' e-mails and links. */
export const testSiteUrl = "https://giuliaferrari-nutrizionista.it";

/** The patient of booking tests: her details as she types them. */
export const testPatient = { name: "Maria Rossi", email: "maria@example.it", phone: "+39 333 123 4567" };

/** Booking's repositories on one database, announcing on one memory bus: where the tests' deps start. */
export function bookingRepositories(db: Db) {
  const bus = createMemoryEventBus();
  return {
    appointments: createAppointmentRepository(db, bus),
    visitTypes: createVisitTypeRepository(db, bus),
    bookingSettings: createBookingSettingsRepository(db, bus),
    timeOff: createTimeOffRepository(db, bus),
    holidays: createHolidayRepository(db, bus),
    onlineRooms: createOnlineRoomRepository(db, bus),
    followUps: createFollowUpRepository(db, bus),
  };
}

/** A visit type as the tests make it: an hour's first visit at the Milan studio, confirmed at once, no price shown. */
export function visitTypeData(overrides: Partial<VisitTypeData> = {}): VisitTypeData {
  return {
    name: "Prima visita",
    durationMinutes: 60,
    priceCents: null,
    showPrice: false,
    confirmation: "immediate",
    studioKeys: ["studio-di-milano"],
    online: false,
    active: true,
    ...overrides,
  };
}

/**
 * Turns booking on in a data directory with two visit types at the Milan studio (one online too)
 * and books the first free time of the first (in the database at `databaseUrl`, when given); returns
 * her link's path and the type's id.
 */
export async function seedBooking(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ managePath: string; visitTypeId: string }> {
  const database = await openSiteDatabase({ dataDir, databaseUrl });
  try {
    const bus = createMemoryEventBus();
    const settings = createBookingSettingsRepository(database.db, bus);
    await settings.save({ ...(await settings.get()), mode: "site" });
    const types = createVisitTypeRepository(database.db, bus);
    const first = await types.create(
      visitTypeData({ priceCents: 8000, showPrice: true, studioKeys: ["studio-di-milano", "studio-di-monza"] }),
    );
    await types.create(
      visitTypeData({
        name: "Visita di controllo",
        durationMinutes: 30,
        priceCents: 5000,
        confirmation: "request",
        online: true,
      }),
    );
    const hours = weeklyHours(defaultSiteContent.studios[0]!.hours);
    const appointments = createAppointmentRepository(database.db, bus);
    const input = (await appointments.availability(first.id, "studio-di-milano", hours))!;
    const time = freeDays(input).flatMap((day) => day.times)[0]!;
    const booked = await appointments.book(
      {
        visitTypeId: first.id,
        studioKey: "studio-di-milano",
        startsAt: new Date(time.startsAt),
        patient: testPatient,
        note: null,
      },
      { hours },
    );
    if (!booked.ok) throw new Error(booked.reason);
    return { managePath: `/prenota/gestisci/${booked.value.manageToken}`, visitTypeId: first.id };
  } finally {
    await database.close();
  }
}

/**
 * Turns booking on with one visit type confirmed at once at the Milan studio, and returns `count`
 * of its free times that do not overlap one another (the studio's hours of the default content):
 * each can be booked once, by one patient.
 */
export async function seedFreeTimes(db: Db, count: number): Promise<{ visitTypeId: string; times: string[] }> {
  const bus = createMemoryEventBus();
  const settings = createBookingSettingsRepository(db, bus);
  const { bufferMinutes } = await settings.save({ ...(await settings.get()), mode: "site" });
  const type = await createVisitTypeRepository(db, bus).create(visitTypeData({ studioKeys: ["studio-di-milano"] }));
  const hours = weeklyHours(defaultSiteContent.studios[0]!.hours);
  const input = (await createAppointmentRepository(db, bus).availability(type.id, "studio-di-milano", hours))!;
  const times: string[] = [];
  let free = 0;
  for (const { startsAt } of freeDays(input).flatMap((day) => day.times)) {
    if (times.length === count) break;
    if (Date.parse(startsAt) < free) continue;
    times.push(startsAt);
    free = Date.parse(startsAt) + (type.durationMinutes + bufferMinutes) * 60_000;
  }
  if (times.length < count) throw new Error(`only ${times.length} free times that do not overlap`);
  return { visitTypeId: type.id, times };
}

// A whole site, for backups.

/** A small picture with its index written on it: no two alike, however many. */
async function picture(index: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: palette[index % palette.length]! } })
    .composite([
      {
        input: Buffer.from(`<svg width="320" height="240"><text x="20" y="120" font-size="48">${index}</text></svg>`),
      },
    ])
    .jpeg({ quality: 70 })
    .toBuffer();
}

/**
 * Photos and reviews (some with photos), a recipe for the first photo (with its crops), an admin with
 * a session, and a rate-limit hit: a row in every table.
 */
export async function seedSite(
  database: Database,
  media: MediaStorage,
  counts: { photos: number; reviews: number; reviewPhotos: number },
): Promise<void> {
  const photos = createRecipePhotoRepository(database.db);
  const reviews = createReviewRepository(database.db);
  for (let i = 0; i < counts.photos; i++) {
    const image = await storeImage(media, "recipe-photos", await picture(i));
    await photos.add({
      title: i % 3 === 0 ? null : `Ricetta «${i}» con l'olio\tnuovo`,
      imageUrl: largestUrl(media, image),
      image,
    });
  }
  const [firstPhoto] = await photos.list();
  if (firstPhoto?.image) {
    const crops = { photoId: firstPhoto.id, ...(await storeCrops(media, "recipe-photos", firstPhoto.image)) };
    const recipes = createRecipeRepository(database.db, createMemoryEventBus());
    await recipes.create(
      sampleRecipe({ photoId: firstPhoto.id, note: 'Nota con\ttab, "virgolette", \\ barra\ne a capo ✓' }),
      crops,
    );
  }
  for (let i = 0; i < counts.reviews; i++) {
    const image = i < counts.reviewPhotos ? await storeImage(media, "reviews", await picture(100 + i)) : null;
    await reviews.add({
      name: `Paziente ${i}`,
      content: `Recensione ${i}: ottima esperienza.\nSeconda riga con \\ barra e "virgolette" ✓`,
      rating: (i % 5) + 1,
      imageUrl: image ? largestUrl(media, image) : null,
      image,
    });
  }
  await database.db.execute(
    sql.raw(
      `insert into admin_users (email, password_hash, recovery_code_hashes) values ('dietista@example.it', 'hash', '["a","b"]')`,
    ),
  );
  await database.db.execute(
    sql.raw(
      `insert into admin_sessions (id_hash, user_id, expires_at) select 'session-hash', id, now() + interval '1 day' from admin_users`,
    ),
  );
  await database.db.execute(sql.raw(`insert into rate_limit_hits (key) values ('review:127.0.0.1')`));
}

// Her other calendars: a calendar provider on a local port, and calendars to serve.

/** One of the calendar files of app/features/booking/calendar-fixtures, as a provider serves it. */
export function calendarFixture(name: string): string {
  return readFileSync(path.join(import.meta.dirname, "../../app/features/booking/calendar-fixtures", name), "utf8");
}

/** A calendar whose events are these busy times (ISO instants), as Google writes one. */
export function calendarText(busy: ReadonlyArray<{ start: string; end: string }>): string {
  const stamp = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, "")}`;
  const events = busy.map(
    ({ start, end }, i) =>
      `BEGIN:VEVENT\r\nUID:busy-${i}@example.test\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(end)}\r\nSUMMARY:Dentista\r\nEND:VEVENT\r\n`,
  );
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events.join("")}END:VCALENDAR\r\n`;
}

/** What the provider answers for a path: a calendar's text (with an ETag, 304 when it matches), a status, or silence. */
export type CalendarAnswer = string | number | "silent";

/**
 * A calendar provider on 127.0.0.1: each path's answer can change between reads; every request is
 * recorded with whether it was conditional (If-None-Match).
 */
export async function serveCalendars(answers: Record<string, CalendarAnswer> = {}) {
  const current = new Map(Object.entries(answers));
  const requests: Array<{ path: string; conditional: boolean }> = [];
  const server = http.createServer((request, response) => {
    const name = new URL(request.url ?? "/", "http://localhost").pathname.slice(1);
    requests.push({ path: name, conditional: request.headers["if-none-match"] !== undefined });
    const answer = current.get(name) ?? 404;
    if (answer === "silent") return void response.writeHead(200, { "content-type": "text/calendar" });
    if (typeof answer === "number") return void response.writeHead(answer).end();
    const etag = `"${createHash("sha256").update(answer).digest("hex").slice(0, 16)}"`;
    if (request.headers["if-none-match"] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name: string) => `${base}/${name}`,
    set: (name: string, answer: CalendarAnswer) => void current.set(name, answer),
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A calendar as she adds it: blocking every studio and the online visits. */
export function calendarSourceData(overrides: Partial<CalendarSourceData> = {}): CalendarSourceData {
  return {
    name: "Personale",
    url: "https://calendar.example/basic.ics",
    studioKeys: null,
    blocksOnline: true,
    ...overrides,
  };
}
// Holidays.

/**
 * A SITE_CONTENT_FILE (written in `dir`) whose studios and online visits are open every day of the
 * week, 9–13: a holiday then closes a day whatever its weekday, so a closed day is the holiday's doing.
 */
export function everyDayContentFile(dir: string): string {
  const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
  const hours = days.map((day) => ({ day, ranges: [{ opens: "09:00", closes: "13:00" }] }));
  const file = path.join(dir, "every-day-content.json");
  const content = {
    studios: defaultSiteContent.studios.map((studio) => ({ ...studio, hours })),
    onlineHours: hours,
  };
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** Every day of the week 9:00–12:00 (nine hour-long starts a day): a closed day is a holiday's doing. */
const nineToNoon = [{ opens: "09:00", closes: "12:00" }];
export const everyDayMornings: WeeklyHours = {
  Monday: nineToNoon,
  Tuesday: nineToNoon,
  Wednesday: nineToNoon,
  Thursday: nineToNoon,
  Friday: nineToNoon,
  Saturday: nineToNoon,
  Sunday: nineToNoon,
};
// The waiting list.

/** A patient waiting for the first visit at the Milan studio, any weekday, mornings. */
export function waitingEntryData(
  visitTypeId: string,
  overrides: Partial<Parameters<WaitingListRepository["join"]>[0]> = {},
): Parameters<WaitingListRepository["join"]>[0] {
  return {
    visitTypeId,
    studioKey: "studio-di-milano",
    name: "Anna Verdi",
    email: "anna@example.it",
    weekdays: [1, 2, 3, 4, 5],
    dayParts: ["mattina"],
    ...overrides,
  };
}

/**
 * What the booking's actions take, on one database: its repositories (the waiting list's too), a
 * rate limiter, a mailer that only queues, a silent log and the site's address.
 */
export async function bookingActionDeps(database: Database) {
  return {
    ...bookingRepositories(database.db),
    waitingList: createWaitingListRepository(database.db, createMemoryEventBus()),
    rateLimiter: createRateLimiter(database.db),
    mailer: await createQueueOnlyMailer(database),
    logger: pino({ level: "silent" }),
    config: { siteUrl: testSiteUrl },
    detailsLinks: createDetailsLinks("a-test-secret"),
  };
}

/** An article as she would write it: a draft with a heading, a list and a link. */
export function sampleArticle(overrides: Partial<ArticleData> = {}): ArticleData {
  return {
    slug: "colazione-equilibrata",
    title: "Colazione equilibrata",
    excerpt: "Tre idee per una colazione che sazia.",
    body: {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Cosa mettere nel piatto" }] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Proteine" }] }] },
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Frutta" }] }] },
          ],
        },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Fonte: " },
            {
              type: "text",
              text: "ministero",
              marks: [{ type: "link", attrs: { href: "https://www.salute.gov.it/" } }],
            },
          ],
        },
      ],
    },
    categories: ["alimentazione"],
    status: "draft",
    publishAt: null,
    coverImageId: null,
    coverAlt: null,
    coverFocusX: 50,
    coverFocusY: 50,
    ...overrides,
  };
}

// Statistics: a counted page view.

export function pageViewData(overrides: Partial<PageView> = {}): PageView {
  return {
    path: "/home",
    client: { address: "203.0.113.7", userAgent: PHONE_USER_AGENT },
    referrer: null,
    utmSource: null,
    utmCampaign: null,
    device: "phone",
    ...overrides,
  };
}

// FAQ: an answer with a list, and a question of a group.
export function sampleFaqAnswer(lead = "Porta con te:"): RichTextDocument {
  const item = (text: string) => ({
    type: "listItem" as const,
    content: [{ type: "paragraph" as const, content: [{ type: "text" as const, text }] }],
  });
  return {
    type: "doc",
    content: [
      { type: "paragraph", content: [{ type: "text", text: lead }] },
      { type: "bulletList", content: [item("gli esami recenti"), item("l'elenco dei farmaci")] },
    ],
  };
}

export function sampleFaqQuestion(groupId: string, overrides: Partial<FaqQuestionData> = {}): FaqQuestionData {
  return {
    groupId,
    question: "Quanto dura la prima visita?",
    answer: sampleFaqAnswer(),
    showOnHome: false,
    ...overrides,
  };
}

// Newsletter: confirmed subscribers written straight into the table.
export async function seedNewsletterSubscribers(db: Db, count: number, domain = "esempio.it"): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `iscritto${String(i).padStart(3, "0")}@${domain}`);
  if (count === 0) return emails;
  await db.insert(newsletterSubscribers).values(
    emails.map((email) => ({
      email,
      status: "confirmed" as const,
      unsubscribeToken: randomBytes(32).toString("base64url"),
      consentText: "Acconsento a ricevere la newsletter.",
      confirmedAt: new Date(Date.now() - 60_000),
    })),
  );
  return emails;
}

// Related recipes and articles: articles written straight into a server's data directory.
export async function seedArticles(dataDir: string, articles: ArticleData[]): Promise<ArticleRecord[]> {
  const database = await openSiteDatabase({ dataDir });
  try {
    const repo = createArticleRepository(database.db, createMemoryEventBus());
    const saved: ArticleRecord[] = [];
    for (const article of articles) {
      const result = await repo.save(undefined, article);
      if (!result || result === "slug") throw new Error(`article ${article.slug} not seeded`);
      saved.push(result);
    }
    return saved;
  } finally {
    await database.close();
  }
}

// A site whose first-run setup she has ended, for tests about signing in (the
// setup opens by itself at the first sign-in of a site never set up: first-run-setup.spec.ts).

/** Marks the first-run setup ended: the first sign-in goes to the panel. */
export async function endFirstRunSetup(dataDir: string): Promise<void> {
  await withData(dataDir, async ({ database }) => {
    await finishSetup(database.db);
  });
}
