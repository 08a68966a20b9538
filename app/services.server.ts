import path from "node:path";
import { createContext } from "react-router";
import type { Logger } from "pino";
import { listenAdminControl, type AdminControl } from "~/auth/admin-control.server";
import type { AppConfig } from "~/config/env.server";
import { createSiteContentStore, loadSeedContent, type SiteContentStore } from "~/content/site-content.server";
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

/** Everything a loader or action may use; one instance per process. */
export interface AppServices {
  config: AppConfig;
  /** The practitioner's texts, contacts, hours, studios, services and portrait (versioned). */
  siteContent: SiteContentStore;
  logger: Logger;
  database: Database;
  bus: EventBus;
  media: MediaStorage;
  photos: RecipePhotoRepository;
  reviews: ReviewRepository;
  rateLimiter: RateLimiter;
  /** On the embedded database: the socket `npm run admin:create` talks to while the server runs. */
  adminControl: AdminControl | null;
}

export const servicesContext = createContext<AppServices>();

export async function createServices(config: AppConfig, logger: Logger): Promise<AppServices> {
  // The seed file first: a bad one must stop start-up before anything is opened.
  const seedContent = loadSeedContent(config.siteContentFile);
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
    const siteContent = createSiteContentStore(database.db, bus, (error, message) =>
      logger.error({ err: error }, message),
    );
    const seeded = await siteContent.seed(seedContent);
    if (!seeded && config.siteContentFile) {
      logger.warn("SITE_CONTENT_FILE ignored: the site content is already in the database (edit it in the admin)");
    }
    const adminControl =
      database.engine === "pglite" ? await listenAdminControl(config.dataDir, database.db, logger) : null;
    return {
      config,
      siteContent,
      logger,
      database,
      bus,
      media: config.s3 ? createS3MediaStorage(config.s3) : createLocalMediaStorage(path.join(config.dataDir, "media")),
      photos: createRecipePhotoRepository(database.db),
      reviews: createReviewRepository(database.db),
      rateLimiter: createRateLimiter(database.db),
      adminControl,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function closeServices(services: AppServices): Promise<void> {
  services.siteContent.close();
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
