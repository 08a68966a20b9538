import { eq, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { type Result, succeeded } from "~/core/result";
import { siteContentVersions, siteSetup } from "./schema";

/*
 * The first-run setup's state (one row of site_setup). It opens by itself once, at
 * her first sign-in on a site whose content was never saved; until she ends it, it waits on her to-do list.
 */

/**
 * True exactly once: at the first sign-in of a site never set up and never edited (one statement,
 * so two sign-ins at once cannot both be "the first").
 */
export async function openSetupOnce(db: Db): Promise<boolean> {
  const opened = await db.execute(sql`
    insert into ${siteSetup} (id, opened_at)
    select true, now()
    where not exists (select 1 from ${siteContentVersions} where ${siteContentVersions.version} > 1)
    on conflict (id) do nothing
    returning id`);
  return (opened as { rows: unknown[] }).rows.length === 1;
}

/** Whether she ended the setup (finished or left it for good). */
export async function setupFinished(db: Db): Promise<boolean> {
  const [row] = await db.select({ finishedAt: siteSetup.finishedAt }).from(siteSetup).where(eq(siteSetup.id, true));
  return row?.finishedAt != null;
}

/** Ends the setup: it leaves her to-do list (the editors stay where they always are). */
export async function finishSetup(db: Db): Promise<Result> {
  await db
    .insert(siteSetup)
    .values({ openedAt: new Date(), finishedAt: new Date() })
    .onConflictDoUpdate({ target: siteSetup.id, set: { finishedAt: sql`coalesce(${siteSetup.finishedAt}, now())` } });
  return succeeded();
}
