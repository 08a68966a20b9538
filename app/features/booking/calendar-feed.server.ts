import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "~/core/config/env.server";
import type { Db } from "~/core/db/database.server";
import { calendarFeed } from "./schema";
import { romeDate, romeInstant } from "~/core/format/rome-clock";
import { type Result, refused, succeeded } from "~/core/result";
import type { AppointmentRepository } from "./appointments.server";
import { practitionerFeedFile } from "./calendar-files.server";

/** 32 random bytes, base64url: 256 bits, 43 characters. */
const TOKEN_BYTES = 32;

/**
 * Requests per client address and hour: calendars fetch every 15 minutes or less often, so this
 * leaves room for several devices behind one address, and none for guessing tokens.
 */
export const CALENDAR_FEED_RATE_LIMIT = { max: 60, windowMs: 60 * 60 * 1000 };

/** The feed's address path: calendars are given `<site>/agenda/<token>.ics`. */
export const calendarFeedPath = (token: string) => `/agenda/${token}.ics`;

const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createCalendarFeedRepository(db: Db) {
  return {
    /** A new address, replacing the one before (which stops working at once); the token is returned only here. */
    async create(): Promise<{ token: string; createdAt: Date }> {
      const token = randomBytes(TOKEN_BYTES).toString("base64url");
      const tokenHash = hashFeedToken(token);
      const [row] = await db
        .insert(calendarFeed)
        .values({ tokenHash })
        .onConflictDoUpdate({ target: calendarFeed.id, set: { tokenHash, createdAt: sql`now()` } })
        .returning({ createdAt: calendarFeed.createdAt });
      return { token, createdAt: row!.createdAt };
    },

    /** When the active address was created, or null when there is none. */
    async activeSince(): Promise<Date | null> {
      const [row] = await db.select({ createdAt: calendarFeed.createdAt }).from(calendarFeed);
      return row?.createdAt ?? null;
    },

    /** True when there was an address to revoke. */
    async revoke(): Promise<boolean> {
      const rows = await db.delete(calendarFeed).returning({ id: calendarFeed.id });
      return rows.length > 0;
    },

    /**
     * Whether the token opens the feed. Any string is hashed and looked up the same way (no early
     * answer for a malformed one), so the time taken says nothing about how close a guess was.
     */
    async matches(token: string): Promise<boolean> {
      const [row] = await db
        .select({ id: calendarFeed.id })
        .from(calendarFeed)
        .where(eq(calendarFeed.tokenHash, hashFeedToken(token)));
      return row !== undefined;
    },
  };
}

export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;

/**
 * The feed's file for a token, or null when the token opens nothing: the requests and confirmed
 * visits from today (Italy's day) on.
 */
export async function calendarFeedFile(
  deps: { calendarFeed: CalendarFeedRepository; appointments: AppointmentRepository },
  input: { token: string; studioNames: ReadonlyMap<string, string>; siteUrl: string; practitionerName: string },
  now = new Date(),
): Promise<string | null> {
  if (!(await deps.calendarFeed.matches(input.token))) return null;
  const startOfToday = new Date(romeInstant(romeDate(now.getTime()), 0));
  const entries = await deps.appointments.listUpcoming(startOfToday);
  return practitionerFeedFile({
    entries: entries.map((entry) => ({
      id: entry.id,
      startsAt: entry.startsAt,
      endsAt: entry.endsAt,
      status: entry.status,
      visitTypeName: entry.visitTypeName,
      patientName: entry.patientName,
      studioKey: entry.studioKey,
    })),
    studioNames: input.studioNames,
    calendarName: `Agenda – ${input.practitionerName}`,
    siteHost: new URL(input.siteUrl).hostname,
    now,
  });
}

/** A new address for her calendars (replacing any): the full address, to be shown this once; never refused. */
export async function createCalendarFeed(deps: {
  calendarFeed: CalendarFeedRepository;
  config: Pick<AppConfig, "siteUrl">;
}): Promise<string> {
  const { token } = await deps.calendarFeed.create();
  return `${deps.config.siteUrl}${calendarFeedPath(token)}`;
}

/** Switches the feed off; "noneToRevoke" when there was no address. */
export async function revokeCalendarFeed(deps: {
  calendarFeed: CalendarFeedRepository;
}): Promise<Result<undefined, "noneToRevoke">> {
  return (await deps.calendarFeed.revoke()) ? succeeded() : refused("noneToRevoke");
}
