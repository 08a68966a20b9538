import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { type BookingSettingsRow, bookingSettings } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import type { Executor } from "~/core/db/database.server";

export type BookingSettings = Omit<BookingSettingsRow, "id" | "updatedAt">;

const { id: _id, updatedAt: _updatedAt, ...settingColumns } = getTableColumns(bookingSettings);

/**
 * The database's column defaults, for when the one row is missing (before she first saves, or after
 * restoring an archive made before booking existed). Kept equal to the schema's by the tests.
 */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  mode: "external",
  bufferMinutes: 10,
  minimumNoticeHours: 24,
  horizonDays: 60,
  cancellationLimitHours: 24,
  reminderTime: "18:00:00",
  retentionMonths: 24,
  reviewInviteNextDay: false,
  waitingListExpiryDays: 60,
  waitingListLinkHours: 4,
  requestAnswerHours: 48,
};

/** Settings added after the first form: kept as stored when a save leaves them out. */
type LaterSettings = "waitingListExpiryDays" | "waitingListLinkHours" | "requestAnswerHours";
/** What a save writes: the later settings kept as stored when left out. */
export type SavedBookingSettings = Omit<BookingSettings, LaterSettings> & Partial<Pick<BookingSettings, LaterSettings>>;

/** The booking's settings as stored, or the defaults. */
export async function readBookingSettings(executor: Pick<Executor, "select">): Promise<BookingSettings> {
  const [row] = await executor.select(settingColumns).from(bookingSettings);
  return row ?? DEFAULT_BOOKING_SETTINGS;
}

/** The settings' one row: read (with the defaults when missing) and saved, each save announced under "booking". */
export function createBookingSettingsRepository(
  db: Db,
  bus: Pick<EventBus, "publish">,
  onError: OnChangeError = () => {},
) {
  const announce = changeAnnouncer(bus, onError, "announcing the booking settings failed");
  return {
    get: () => readBookingSettings(db),

    /** Writes every setting (the row is made on the first save); the database checks each range. */
    async save(settings: SavedBookingSettings): Promise<BookingSettings> {
      const [row] = await db
        .insert(bookingSettings)
        .values({ id: true, ...settings })
        .onConflictDoUpdate({ target: bookingSettings.id, set: { ...settings, updatedAt: sql`now()` } })
        .returning(settingColumns);
      await announce({ table: "booking", action: "update", id: "settings" });
      return row!;
    },
  };
}

export type BookingSettingsRepository = ReturnType<typeof createBookingSettingsRepository>;
