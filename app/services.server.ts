import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import {
  createSiteContentStore,
  loadSeedContent,
  type SiteContentStore,
} from "~/features/site-content/site-content.server";
import { type Database, type DatabaseLimits, openDatabase } from "~/core/db/database.server";
import { assertNoPgliteData, startEmbeddedPostgres, type EmbeddedPostgres } from "~/core/db/embedded-postgres.server";
import { createPostgresEventBus, type EventBus } from "~/core/events/event-bus.server";
import { LIVE_TABLES } from "~/features-registry";
import { siteTables } from "~/composition/site-schema";
import { createFlashStore, type FlashStore } from "~/core/forms/flash.server";
import { createRateLimiter, type RateLimiter } from "~/core/server/rate-limit.server";
import { loadSecret } from "~/core/config/secrets.server";
import { createLocalMediaStorage, type MediaStorage } from "~/core/media/media-storage.server";
import { trackMediaWrites } from "~/core/media/orphan-sweep.server";
import { createS3MediaStorage } from "~/core/media/s3-media-storage.server";
import { createRecipePhotoRepository, type RecipePhotoRepository } from "~/features/photos/recipe-photos.server";
import { createRecipeRepository, type RecipeRepository } from "~/features/recipes/recipes.server";
import { type ArticleRepository, createArticleRepository } from "~/features/articles/articles.server";
import { createFaqRepository, type FaqRepository } from "~/features/faq/faq.server";
import { createReviewRepository, type ReviewRepository } from "~/features/reviews/reviews.server";
import { createInvitationRepository, type InvitationRepository } from "~/features/reviews/review-invitations.server";
import { invitationLink } from "~/features/reviews/invitation-share.server";
import { createReportRepository, type ReportRepository } from "~/features/reviews/review-reports.server";
import { createMailer, type Mailer } from "~/core/mail/mailer.server";
import { createMailOutbox } from "~/core/mail/outbox.server";
import { createMediaAccess, type MediaAccess } from "~/features/reviews/review-photo-access.server";
import { createFormTimer, type FormTimer } from "~/features/reviews/spam-guard.server";
import { createAppointmentRepository, type AppointmentRepository } from "~/features/booking/appointments.server";
import {
  createBookingSettingsRepository,
  type BookingSettingsRepository,
} from "~/features/booking/booking-settings.server";
import { createCalendarFeedRepository, type CalendarFeedRepository } from "~/features/booking/calendar-feed.server";
import {
  type CalendarSourceRepository,
  createCalendarSourceRepository,
} from "~/features/booking/calendar-sources.server";
import { createOnlineRoomRepository, type OnlineRoomRepository } from "~/features/booking/online-rooms.server";
import { createTimeOffRepository, type TimeOffRepository } from "~/features/booking/time-off.server";
import { createHolidayRepository, type HolidayRepository } from "~/features/booking/holidays.server";
import { createVisitTypeRepository, type VisitTypeRepository } from "~/features/booking/visit-types.server";
import { createWaitingListRepository, type WaitingListRepository } from "~/features/booking/waiting-list.server";
import type { CreateReviewInvitation } from "~/features/booking/review-invite.server";
import { createDetailsLinks, type DetailsLinks } from "~/features/booking/details-link.server";
import { createFollowUpRepository, type FollowUpRepository } from "~/features/booking/follow-ups.server";
import { createAdminAccounts, type AdminAccounts } from "~/features/account/accounts.server";
import { createPasswordResetRepository, type PasswordResetRepository } from "~/features/account/password-resets.server";
import { createSessionStore, type SessionStore, sessionTokenFromCookie } from "~/features/account/sessions.server";
import { createKnownDevices, type KnownDevices } from "~/features/account/known-device.server";
import { createStudioSlugRepository, type StudioSlugRepository } from "~/features/site-content/studio-slugs.server";
import { createStudioPhotoRepository, type StudioPhotoRepository } from "~/features/site-content/studio-photos.server";
import { createPublication, type Publication } from "~/features/site-content/publication.server";
import { createPageCounter, type PageCounter } from "~/features/statistics/page-counter.server";
import { createNewsletterRepository, type NewsletterRepository } from "~/features/newsletter/newsletter.server";

/** Everything a loader or action may use; one instance per process. */
export interface AppServices {
  config: AppConfig;
  /** The practitioner's texts, contacts, hours, studios, services and portrait (versioned). */
  siteContent: SiteContentStore;
  /** The addresses the studios' pages have had: an old one redirects. */
  studioSlugs: StudioSlugRepository;
  /** Her studios' photos. */
  studioPhotos: StudioPhotoRepository;
  /** Whether she published the site: on a public address, visitors see it only then (decision 73). */
  publication: Publication;
  logger: Logger;
  database: Database;
  bus: EventBus;
  media: MediaStorage;
  /** Who /media may send each file to (a review's photo only while the review is published). */
  mediaAccess: MediaAccess;
  photos: RecipePhotoRepository;
  /** The recipes written for the photos (drafts and published). */
  recipes: RecipeRepository;
  /** Her articles: drafts, scheduled and published, their images and versions. */
  articles: ArticleRepository;
  /** The FAQ: her questions and answers, in her groups and order. */
  faq: FaqRepository;
  reviews: ReviewRepository;
  invitations: InvitationRepository;
  reports: ReportRepository;
  /** Booking: appointments, visit types, time off and settings. */
  appointments: AppointmentRepository;
  visitTypes: VisitTypeRepository;
  timeOff: TimeOffRepository;
  bookingSettings: BookingSettingsRepository;
  /** The holidays she reopened and the studios' patron saints. */
  holidays: HolidayRepository;
  /** Her agenda's subscription address (only its token's hash is stored). */
  calendarFeed: CalendarFeedRepository;
  /** The follow-ups she plans from her agenda, e-mailed to the patient when due. */
  followUps: FollowUpRepository;
  /** Signs the links that open the booking with a patient's details filled (`/prenota?da=`). */
  detailsLinks: DetailsLinks;
  /** Her other calendars read for their busy times (decision 53). */
  calendarSources: CalendarSourceRepository;
  onlineRooms: OnlineRoomRepository;
  /** Patients waiting for a time to free. */
  waitingList: WaitingListRepository;
  /** Booking's port to the reviews: an invitation for a visit's patient, in booking's transaction. */
  createReviewInvitation: CreateReviewInvitation;
  /** E-mail notices to the practitioner, through the outbox table. */
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The administrators' signed-in sessions (the browser holds a token, the table its hash). */
  sessions: SessionStore;
  /** The administrator accounts: passwords and two-factor sign-in. */
  adminAccounts: AdminAccounts;
  /** Browsers the administrator signed in from: the account's login limit never slows them (decision 45). */
  knownDevices: KnownDevices;
  /** The e-mailed links of "Password dimenticata?" (only their hashes are stored). */
  passwordResets: PasswordResetRepository;
  /** The PostgreSQL server this process started in DATA_DIR (DATABASE_URL unset); stopped with the services. */
  embedded: EmbeddedPostgres | null;
  /** Every table of the site, the core's and each feature's: what a restore may load. */
  siteTables: readonly PgTable[];
  /** The toast carried across a redirect, in a signed cookie. */
  flash: FlashStore;
  /** Signs and checks the review form's fill-time field. */
  formTimer: FormTimer;
  /** The public pages' views, counted in memory and written every few seconds (decision 59). */
  pageViews: PageCounter;
  /** The newsletter's subscribers (double opt-in), her consent wording and newsletters. */
  newsletter: NewsletterRepository;
}

export async function createServices(
  config: AppConfig,
  logger: Logger,
  /** Tests only: other bounds on the site's database waits than a page's (decision 44). */
  databaseLimits?: DatabaseLimits,
): Promise<AppServices> {
  // The seed file first: a bad one must stop start-up before anything is opened.
  const seedContent = loadSeedContent(config.siteContentFile);
  let embedded: EmbeddedPostgres | null = null;
  if (!config.databaseUrl) {
    assertNoPgliteData(config.dataDir);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (message) => logger.info(message) });
  }
  const url = config.databaseUrl ?? embedded!.url;
  let database: Database | undefined;
  try {
    database = await openDatabase({ url, poolSize: config.databasePoolSize, limits: databaseLimits });
    const bus = await createPostgresEventBus(
      url,
      (error) => logger.error({ err: error }, "event bus connection error"),
      LIVE_TABLES,
    );
    const media = trackMediaWrites(
      config.s3 ? createS3MediaStorage(config.s3) : createLocalMediaStorage(path.join(config.dataDir, "media")),
      database.db,
    );
    const siteContent = createSiteContentStore(
      database.db,
      bus,
      (error, message) => logger.error({ err: error }, message),
      media,
    );
    const seeded = await siteContent.seed(seedContent);
    const faq = createFaqRepository(database.db, bus, (error, message) => logger.error({ err: error }, message));
    // A first start: the FAQ's example questions too.
    if (seeded) await faq.seedExamples();
    if (!seeded && config.siteContentFile) {
      logger.warn("SITE_CONTENT_FILE ignored: the site content is already in the database (edit it in the admin)");
    }
    // One random key kept in the database, shared by every instance; each use derives its own from it.
    const secret = await loadSecret(database.db, "app");
    const sessions = createSessionStore(database.db);
    const logError = (error: unknown, message: string) => logger.error({ err: error }, message);
    const reviews = createReviewRepository(database.db, bus, logError);
    const invitations = createInvitationRepository(database.db);
    return {
      config,
      siteContent,
      studioSlugs: createStudioSlugRepository(database.db),
      publication: createPublication(database.db, bus, logError),
      studioPhotos: createStudioPhotoRepository(database.db, siteContent, bus, (error, message) =>
        logger.error({ err: error }, message),
      ),
      logger,
      database,
      bus,
      media,
      mediaAccess: createMediaAccess(reviews, bus, async (cookieHeader) => {
        const token = sessionTokenFromCookie(cookieHeader);
        return Boolean(token && (await sessions.find(token))?.session.verified);
      }),
      photos: createRecipePhotoRepository(database.db, bus, (error, message) => logger.error({ err: error }, message)),
      recipes: createRecipeRepository(database.db, bus, (error, message) => logger.error({ err: error }, message)),
      articles: createArticleRepository(database.db, bus, (error, message) => logger.error({ err: error }, message)),
      faq,
      reviews,
      invitations,
      reports: createReportRepository(database.db),
      appointments: createAppointmentRepository(database.db, bus, logError),
      visitTypes: createVisitTypeRepository(database.db, bus, logError),
      timeOff: createTimeOffRepository(database.db, bus, logError),
      bookingSettings: createBookingSettingsRepository(database.db, bus, logError),
      holidays: createHolidayRepository(database.db, bus, logError),
      calendarFeed: createCalendarFeedRepository(database.db),
      followUps: createFollowUpRepository(database.db, bus, logError),
      detailsLinks: createDetailsLinks(secret),
      calendarSources: createCalendarSourceRepository(database.db, bus, logError),
      onlineRooms: createOnlineRoomRepository(database.db, bus, logError),
      waitingList: createWaitingListRepository(database.db, bus, logError),
      createReviewInvitation: async (executor, { patientName }) => {
        const validDays = config.reviewInvitationDays;
        const { token } = await invitations.create({ patientName, validDays }, executor);
        return { url: invitationLink(config.siteUrl, token), validDays };
      },
      mailer: createMailer({
        outbox: createMailOutbox(database.db, { leaseMs: config.mailLeaseMs }),
        settings: config.mail,
        fallbackRecipient: async (executor) => (await siteContent.current(executor)).content.contact.email,
        logger,
      }),
      rateLimiter: createRateLimiter(database.db),
      sessions,
      adminAccounts: createAdminAccounts(database.db, sessions),
      passwordResets: createPasswordResetRepository(database.db),
      embedded,
      siteTables,
      flash: createFlashStore(secret),
      knownDevices: createKnownDevices(secret),
      formTimer: createFormTimer(secret),
      pageViews: createPageCounter(database.db, logger),
      newsletter: createNewsletterRepository(database.db, bus, logError),
    };
  } catch (error) {
    await database?.close();
    await embedded?.stop();
    throw error;
  }
}

export async function closeServices(services: AppServices): Promise<void> {
  // The last seconds' page views, written before the database closes.
  await services.pageViews.close();
  services.siteContent.close();
  await services.mailer.close();
  await services.bus.close();
  await services.database.close();
  await services.embedded?.stop();
}
