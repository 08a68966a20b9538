import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import { placeFor } from "./place-param";
import type { Logger } from "pino";
import type { Db, Executor } from "~/core/db/database.server";
import { visitTypes, waitingListEntries } from "./schema";
import type { DayPart } from "./waiting-list-values";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import type { RateLimiter } from "~/core/server/rate-limit.server";
import { type Result, refused, succeeded } from "~/core/result";
import { hashManageToken, MINUTE } from "./appointment-records.server";
import type { BookingSite } from "./booking-mails.server";
import { placeStudioKey } from "./booking-page.server";
import { readBookingSettings } from "./booking-settings.server";
import { BOOKING_RATE_LIMITS } from "./booking-submission.server";
import type { WaitingListInput } from "./waiting-list-schema";

// The waiting list (decision 55): patients waiting for a time, their entries and
// the patient's joining from the page. The job that mails them is waiting-list-job.server.ts.

const HOUR = 60 * MINUTE;
/** The job's transaction (appointments.withJobLock): it also deletes. */
export type JobTx = Executor & Pick<Db, "delete">;
/** The entries one read lists, for her list and for the job: bounded work. */
export const ENTRIES_PER_RUN = 1000;

export interface WaitingListEntryView {
  id: string;
  name: string;
  email: string;
  visitTypeName: string;
  /** The studio's key, or null online. */
  studioKey: string | null;
  weekdays: number[];
  dayParts: DayPart[];
  createdAt: Date;
  expiresAt: Date;
  notifiedUntil: Date | null;
}

export function createWaitingListRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a waiting list change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "booking", action, id });

  return {
    /**
     * A patient joins the list; joining again for the same visit type and place (the same e-mail)
     * changes the preferences and the expiry, keeping the place in the queue. Expires after the
     * settings' days.
     */
    async join(
      entry: {
        visitTypeId: string;
        studioKey: string | null;
        name: string;
        email: string;
        weekdays: number[];
        dayParts: DayPart[];
      },
      now = new Date(),
    ): Promise<string> {
      const id = await db.transaction(async (tx) => {
        const { waitingListExpiryDays } = await readBookingSettings(tx);
        const expiresAt = new Date(now.getTime() + waitingListExpiryDays * 24 * HOUR);
        const values = {
          patientName: entry.name,
          patientEmail: entry.email,
          weekdays: entry.weekdays,
          dayParts: entry.dayParts,
          expiresAt,
        };
        const [updated] = await tx
          .update(waitingListEntries)
          .set(values)
          .where(
            and(
              eq(waitingListEntries.status, "waiting"),
              eq(waitingListEntries.visitTypeId, entry.visitTypeId),
              sql`lower(${waitingListEntries.patientEmail}) = lower(${entry.email})`,
              sql`coalesce(${waitingListEntries.studioKey}, '') = ${entry.studioKey ?? ""}`,
            ),
          )
          .returning({ id: waitingListEntries.id });
        if (updated) return updated.id;
        const [row] = await tx
          .insert(waitingListEntries)
          .values({ ...values, visitTypeId: entry.visitTypeId, studioKey: entry.studioKey, createdAt: now })
          .returning({ id: waitingListEntries.id });
        return row!.id;
      });
      await announce("insert", id);
      return id;
    },

    /** The entry a freed time's link opens, while the link is valid and the entry waiting. */
    async findByLink(token: string, now = new Date()) {
      const [row] = await db
        .select({
          id: waitingListEntries.id,
          name: waitingListEntries.patientName,
          email: waitingListEntries.patientEmail,
          visitTypeId: waitingListEntries.visitTypeId,
          studioKey: waitingListEntries.studioKey,
        })
        .from(waitingListEntries)
        .where(
          and(
            eq(waitingListEntries.notifiedTokenHash, hashManageToken(token)),
            eq(waitingListEntries.status, "waiting"),
            gt(waitingListEntries.notifiedUntil, now),
          ),
        );
      return row;
    },

    /** Everyone waiting, oldest first, for her list. */
    list(now = new Date()): Promise<WaitingListEntryView[]> {
      return db
        .select({
          id: waitingListEntries.id,
          name: waitingListEntries.patientName,
          email: waitingListEntries.patientEmail,
          visitTypeName: visitTypes.name,
          studioKey: waitingListEntries.studioKey,
          weekdays: waitingListEntries.weekdays,
          dayParts: sql<DayPart[]>`${waitingListEntries.dayParts}`,
          createdAt: waitingListEntries.createdAt,
          expiresAt: waitingListEntries.expiresAt,
          notifiedUntil: waitingListEntries.notifiedUntil,
        })
        .from(waitingListEntries)
        .innerJoin(visitTypes, eq(visitTypes.id, waitingListEntries.visitTypeId))
        .where(and(eq(waitingListEntries.status, "waiting"), gt(waitingListEntries.expiresAt, now)))
        .orderBy(asc(waitingListEntries.createdAt))
        .limit(ENTRIES_PER_RUN);
    },

    /** She removes an entry; false when it no longer exists. */
    async remove(id: string): Promise<boolean> {
      const deleted = await db
        .delete(waitingListEntries)
        .where(eq(waitingListEntries.id, id))
        .returning({ id: waitingListEntries.id });
      if (deleted.length) await announce("delete", id);
      return deleted.length > 0;
    },

    /** Entries past their expiry, and those closed by a booking, deleted (the job); how many. */
    async deleteEnded(now: Date, tx: JobTx): Promise<number> {
      const deleted = await tx
        .delete(waitingListEntries)
        .where(or(lte(waitingListEntries.expiresAt, now), eq(waitingListEntries.status, "booked")))
        .returning({ id: waitingListEntries.id });
      return deleted.length;
    },
  };
}

export type WaitingListRepository = ReturnType<typeof createWaitingListRepository>;

export interface JoinWaitingListDeps {
  waitingList: WaitingListRepository;
  visitTypes: { listOffered(studioKey: string | null): Promise<{ id: string }[]> };
  rateLimiter: RateLimiter;
  logger: Logger;
}

/**
 * A patient joins the list from the page, the form already parsed: the place one of the site's and
 * the type offered there, then the booking's rate limits (their own keys).
 */
export async function joinWaitingList(
  deps: JoinWaitingListDeps,
  input: WaitingListInput,
  context: Pick<BookingSite, "places"> & { clientIp: string; now?: Date },
): Promise<Result<undefined, "choiceMissing" | "rateLimited">> {
  const place = placeFor(context.places, input.sede);
  if (!place) return refused("choiceMissing");
  const studioKey = placeStudioKey(place.key);
  if (!(await deps.visitTypes.listOffered(studioKey)).some((type) => type.id === input.visita))
    return refused("choiceMissing");
  const counted = await deps.rateLimiter.takeAll([
    { key: `waiting-list:ip:${context.clientIp}`, rule: BOOKING_RATE_LIMITS.perClient },
    { key: `waiting-list:email:${input.email.toLowerCase()}`, rule: BOOKING_RATE_LIMITS.perEmail },
  ]);
  if (!counted.allowed) {
    deps.logger.warn({ clientIp: context.clientIp }, "waiting list rate-limited");
    return refused("rateLimited");
  }
  await deps.waitingList.join(
    {
      visitTypeId: input.visita,
      studioKey,
      name: input.name,
      email: input.email,
      weekdays: [...new Set(input.giorni)].sort(),
      dayParts: [...new Set(input.fasce)],
    },
    context.now,
  );
  return succeeded();
}
