import path from "node:path";
import type { Logger } from "pino";
import type { AppConfig } from "~/config/env.server";
import { loadSiteContent } from "~/content/site-content.server";
import type { SiteContent } from "~/content/site-content";
import { openDatabase, type Database } from "~/db/database.server";
import { assertNoPgliteData, startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres.server";
import { createPostgresEventBus, type EventBus } from "~/events/event-bus.server";
import { createFlashStore, type FlashStore } from "~/lib/flash.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import { loadSecret } from "~/lib/secrets.server";
import { createLocalMediaStorage, type MediaStorage } from "~/media/media-storage.server";
import { createS3MediaStorage } from "~/media/s3-media-storage.server";
import { createRecipePhotoRepository, type RecipePhotoRepository } from "~/models/recipe-photos.server";
import { createReviewRepository, type ReviewRepository } from "~/models/reviews.server";
import { createFormTimer, type FormTimer } from "~/reviews/spam-guard.server";

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
  rateLimiter: RateLimiter;
  /** The PostgreSQL server this process started in DATA_DIR (DATABASE_URL unset); stopped with the services. */
  embedded: EmbeddedPostgres | null;
  /** The toast carried across a redirect, in a signed cookie. */
  flash: FlashStore;
  /** Signs and checks the review form's fill-time field. */
  formTimer: FormTimer;
}

export async function createServices(config: AppConfig, logger: Logger): Promise<AppServices> {
  // Content first: a bad override must stop start-up before anything is opened.
  const content = loadSiteContent(config.siteContentFile);
  let embedded: EmbeddedPostgres | null = null;
  if (!config.databaseUrl) {
    assertNoPgliteData(config.dataDir);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (message) => logger.info(message) });
  }
  const url = config.databaseUrl ?? embedded!.url;
  let database: Database | undefined;
  try {
    database = await openDatabase({ url });
    const bus = await createPostgresEventBus(url, (error) => logger.error({ err: error }, "event bus connection error"));
    // One random key kept in the database, shared by every instance; each use derives its own from it.
    const secret = await loadSecret(database.db, "app");
    return {
      config,
      content,
      logger,
      database,
      bus,
      media: config.s3 ? createS3MediaStorage(config.s3) : createLocalMediaStorage(path.join(config.dataDir, "media")),
      photos: createRecipePhotoRepository(database.db),
      reviews: createReviewRepository(database.db),
      rateLimiter: createRateLimiter(database.db),
      embedded,
      flash: createFlashStore(secret),
      formTimer: createFormTimer(secret),
    };
  } catch (error) {
    await database?.close();
    await embedded?.stop();
    throw error;
  }
}

export async function closeServices(services: AppServices): Promise<void> {
  await services.bus.close();
  await services.database.close();
  await services.embedded?.stop();
}
