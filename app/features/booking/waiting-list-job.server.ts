import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { AppConfig } from "~/core/config/env.server";
import { visitTypes, waitingListEntries, waitingListOpenings } from "./schema";
import type { DayPart } from "./waiting-list-values";
import type { ScheduledJob } from "~/core/jobs/scheduler.server";
import type { Mailer } from "~/core/mail/mailer.server";
import { hashManageToken, MINUTE, offeredAt } from "./appointment-records.server";
import { type FreeDay, freeDays } from "./availability";
import type { BookingSite } from "./booking-mails.server";
import { placeStudioKey, shownPrice } from "./booking-page.server";
import { ONLINE_PLACE } from "./booking-schema";
import { readBookingSettings } from "./booking-settings.server";
import { availabilityInput } from "./held-times.server";
import { matchingTimes } from "./waiting-list-matching";
import { waitingListNotice } from "./waiting-list-notice";
import { ENTRIES_PER_RUN, type JobTx, type WaitingListRepository } from "./waiting-list.server";

// The waiting list's job (decision 55): every transaction that frees a time writes
// a row of waiting_list_openings (waiting-list-writes.server.ts); this job claims those rows (SKIP
// LOCKED) and mails the people waiting whose preferences a free time now meets, oldest entry first.
// The link only fills the booking form: whoever books first gets the time (the exclusion constraint).

const HOUR = 60 * MINUTE;
/** How many people waiting one freed time is mailed to at once. */
export const NOTIFIED_PER_OPENING = 3;
/** The openings one run claims. */
const OPENINGS_PER_RUN = 50;
/** 32 random bytes, base64url: as the patients' other links. */
const TOKEN_BYTES = 32;

export interface WaitingListNotifyDeps {
  mailer: Mailer;
  config: Pick<AppConfig, "siteUrl">;
}

/** The booking page of a freed time, on its day, the entry's name and e-mail filled by the link. */
export function waitingLinkPath(place: string, visitTypeId: string, date: string, token: string) {
  return `/prenota?${new URLSearchParams({ sede: place, visita: visitTypeId, giorno: date, lista: token })}`;
}

/**
 * The freed times written since the last run, claimed (SKIP LOCKED, deleted in `tx`): for each, the
 * first NOTIFIED_PER_OPENING entries waiting (oldest first, not holding a valid link already) with
 * a free time the freeing made possible on a weekday and part of day they chose, each mailed a link
 * valid for the settings' hours. In `tx` (the job's lock): the mails go with the claim. How many mailed.
 */
export async function notifyFreedTimes(
  deps: WaitingListNotifyDeps,
  site: BookingSite,
  now: Date,
  tx: JobTx,
): Promise<number> {
  const openings = await tx
    .select({ id: waitingListOpenings.id, startsAt: waitingListOpenings.startsAt, endsAt: waitingListOpenings.endsAt })
    .from(waitingListOpenings)
    .orderBy(asc(waitingListOpenings.createdAt))
    .limit(OPENINGS_PER_RUN)
    .for("update", { skipLocked: true });
  if (!openings.length) return 0;
  await tx.delete(waitingListOpenings).where(
    inArray(
      waitingListOpenings.id,
      openings.map((opening) => opening.id),
    ),
  );
  const settings = await readBookingSettings(tx);
  const entries = await tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, "waiting"), gt(waitingListEntries.expiresAt, now)))
    .orderBy(asc(waitingListEntries.createdAt))
    .limit(ENTRIES_PER_RUN);
  const types = new Map((await tx.select().from(visitTypes)).map((type) => [type.id, type]));
  // The free times of a type at a place, computed once per run.
  const free = new Map<string, FreeDay[]>();
  const notified = new Set<string>();
  for (const opening of openings) {
    let count = 0;
    for (const entry of entries) {
      if (count >= NOTIFIED_PER_OPENING) break;
      if (notified.has(entry.id) || (entry.notifiedUntil && entry.notifiedUntil > now)) continue;
      const type = types.get(entry.visitTypeId);
      const place = site.places.find((p) => p.key === (entry.studioKey ?? ONLINE_PLACE));
      if (!type?.active || !place || !offeredAt(type, entry.studioKey)) continue;
      const key = `${type.id} ${place.key}`;
      if (!free.has(key))
        free.set(key, freeDays(await availabilityInput(tx, type, placeStudioKey(place.key), place.hours, now)));
      const held = (type.durationMinutes + settings.bufferMinutes) * MINUTE;
      const [first, ...others] = matchingTimes(free.get(key)!, opening, held, {
        weekdays: entry.weekdays,
        dayParts: entry.dayParts as DayPart[],
      });
      if (!first) continue;
      const token = randomBytes(TOKEN_BYTES).toString("base64url");
      const notifiedUntil = new Date(now.getTime() + settings.waitingListLinkHours * HOUR);
      await tx
        .update(waitingListEntries)
        .set({ notifiedTokenHash: hashManageToken(token), notifiedUntil })
        .where(eq(waitingListEntries.id, entry.id));
      await deps.mailer.queueTo(
        entry.patientEmail,
        waitingListNotice({
          patientName: entry.patientName,
          visitTypeName: type.name,
          placeName: place.name,
          firstTime: first,
          moreTimes: others.length,
          url: `${deps.config.siteUrl}${waitingLinkPath(place.key, type.id, first.date, token)}`,
          validUntil: notifiedUntil,
          price: shownPrice(type),
        }),
        tx,
      );
      notified.add(entry.id);
      count++;
    }
  }
  return notified.size;
}

export interface WaitingListJobServices extends WaitingListNotifyDeps {
  waitingList: WaitingListRepository;
  /** The job's transaction under its advisory lock (appointments.withJobLock). */
  withJobLock: <T>(name: string, work: (tx: JobTx) => Promise<T>) => Promise<T | undefined>;
  logger: Logger;
  loadSite: () => Promise<BookingSite>;
}

/** Freed times reach the waiting list within this. */
export const WAITING_LIST_EVERY_MS = 20_000;

/**
 * The waiting list's job (server/jobs.ts): every 20 seconds and at start, in one transaction under
 * its lock, the entries expired or booked deleted, then the freed times' mails queued. Cheap when
 * there is nothing: two indexed statements.
 */
export function waitingListJob(services: WaitingListJobServices): ScheduledJob {
  const { logger } = services;
  return {
    name: "booking-waiting-list",
    schedule: { everyMs: WAITING_LIST_EVERY_MS },
    atStart: true,
    timeoutMs: 60_000,
    async run() {
      const site = await services.loadSite();
      const outcome = await services.withJobLock("waiting-list", async (tx) => {
        const now = new Date();
        const deleted = await services.waitingList.deleteEnded(now, tx);
        const mailed = await notifyFreedTimes(services, site, now, tx);
        return { deleted, mailed };
      });
      if (outcome?.mailed) services.mailer.kick();
      if (outcome && outcome.deleted + outcome.mailed > 0) logger.info(outcome, "waiting list done");
    },
  };
}
