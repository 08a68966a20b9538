import path from "node:path";
import { createContext } from "react-router";
import type { Logger } from "pino";
import { listenAdminControl, type AdminControl } from "~/auth/admin-control.server";
import type { AppConfig } from "~/config/env.server";
import { loadSiteContent } from "~/content/site-content.server";
import type { SiteContent } from "~/content/site-content";
import { openDatabase, type Database } from "~/db/database.server";
import {
  createMemoryEventBus,
  createPostgresEventBus,
  type EventBus,
} from "~/events/event-bus.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import { createLocalMediaStorage, type MediaStorage } from "~/media/media-storage.server";
import { createS3MediaStorage } from "~/media/s3-media-storage.server";
import { createRecipePhotoRepository, type RecipePhotoRepository } from "~/models/recipe-photos.server";
import { createReviewRepository, type ReviewRepository } from "~/models/reviews.server";
import { createInvitationRepository, type InvitationRepository } from "~/models/review-invitations.server";
import { createReportRepository, type ReportRepository } from "~/models/review-reports.server";
import { createMailer, type Mailer } from "~/mail/mailer.server";
import { createMailOutbox } from "~/mail/outbox.server";

/** Everything a loader or action may use; one instance per process. */
export interface AppServices {
  config: AppConfig;
  content: SiteContent;
  logger: Logger;
  database: Database;
  bus: EventBus;
  media: MediaStorage;
  photos: RecipePhotoRepository;
  reviews: ReviewRepository;
  invitations: InvitationRepository;
  reports: ReportRepository;
  /** E-mail notices to the practitioner, through the outbox table. */
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** On the embedded database: the socket `npm run admin:create` talks to while the server runs. */
  adminControl: AdminControl | null;
}

export const servicesContext = createContext<AppServices>();

export async function createServices(config: AppConfig, logger: Logger): Promise<AppServices> {
  // Content first: a bad override must stop start-up before anything is opened.
  const content = loadSiteContent(config.siteContentFile);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "db"),
  });
  try {
    const bus = config.databaseUrl
      ? await createPostgresEventBus(config.databaseUrl, (error) =>
          logger.error({ err: error }, "event bus connection error"),
        )
      : createMemoryEventBus();
    const adminControl =
      database.engine === "pglite" ? await listenAdminControl(config.dataDir, database.db, logger) : null;
    return {
      config,
      content,
      logger,
      database,
      bus,
      media: config.s3 ? createS3MediaStorage(config.s3) : createLocalMediaStorage(path.join(config.dataDir, "media")),
      photos: createRecipePhotoRepository(database.db),
      reviews: createReviewRepository(database.db),
      invitations: createInvitationRepository(database.db),
      reports: createReportRepository(database.db),
      mailer: createMailer({
        outbox: createMailOutbox(database.db),
        settings: config.mail,
        fallbackRecipient: content.contact.email,
        logger,
      }),
      rateLimiter: createRateLimiter(database.db),
      adminControl,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function closeServices(services: AppServices): Promise<void> {
  await services.mailer.close();
  await services.adminControl?.close();
  await services.bus.close();
  await services.database.close();
}

/** Per-request facts the HTTP layer knows and loaders need. */
export interface RequestInfo {
  requestId: string;
  /** The client's address; behind a proxy only when TRUST_PROXY says to believe it. */
  clientIp: string;
  cspNonce: string;
}

export const requestContext = createContext<RequestInfo>();
