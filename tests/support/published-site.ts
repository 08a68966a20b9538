import { openSiteDatabase } from "~/core/db/site-database.server";
import { createPublication, isLoopbackSite } from "~/features/site-content/publication.server";

/**
 * A site on a public address shows visitors only "Sito in preparazione" until it is published
 * (decision 73): published here, as a site in use is, in its database (running or not; an empty
 * data directory gets its cluster and schema). Nothing on a loopback address, always shown.
 */
export async function publishIfPublic(siteUrl: string, where: { dataDir: string; databaseUrl?: string }) {
  if (isLoopbackSite(siteUrl)) return;
  const database = await openSiteDatabase(where);
  try {
    await createPublication(database.db).publishSite();
  } finally {
    await database.close();
  }
}
