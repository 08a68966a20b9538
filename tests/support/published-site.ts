import { openSiteDatabase } from "~/core/db/site-database.server";
import { createPostgresEventBus } from "~/core/events/event-bus.server";
import { createPublication, isLoopbackSite } from "~/features/site-content/publication.server";

/**
 * A site on a public address shows visitors only "Sito in preparazione" until it is published
 * (decision 73): published here, as a site in use is, in its database (running or not; an empty
 * data directory gets its cluster and schema), and announced as her panel's button does, so that
 * every server process already running hears it at once. Nothing on a loopback address, always shown.
 */
export async function publishIfPublic(siteUrl: string, where: { dataDir: string; databaseUrl?: string }) {
  if (isLoopbackSite(siteUrl)) return;
  const database = await openSiteDatabase(where);
  try {
    const bus = await createPostgresEventBus(database.url);
    try {
      await createPublication(database.db, bus).publishSite();
    } finally {
      await bus.close();
    }
  } finally {
    await database.close();
  }
}
