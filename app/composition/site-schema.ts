import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as core from "~/core/db/schema";
import * as account from "~/features/account/schema";
import * as articles from "~/features/articles/schema";
import * as backups from "~/features/backups/schema";
import * as booking from "~/features/booking/schema";
import * as faq from "~/features/faq/schema";
import * as newsletter from "~/features/newsletter/schema";
import * as photos from "~/features/photos/schema";
import * as recipes from "~/features/recipes/schema";
import * as reviews from "~/features/reviews/schema";
import * as siteContent from "~/features/site-content/schema";
import * as statistics from "~/features/statistics/schema";

/**
 * The site's whole schema: the core's tables and each feature's, the files drizzle.config.ts lists
 * (decision 81). What needs every table (a restore's list of the tables it may load) gets it here.
 */
export const siteSchema = {
  ...core,
  ...account,
  ...articles,
  ...backups,
  ...booking,
  ...faq,
  ...newsletter,
  ...photos,
  ...recipes,
  ...reviews,
  ...siteContent,
  ...statistics,
};

export const siteTables: readonly PgTable[] = (Object.values(siteSchema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
);
