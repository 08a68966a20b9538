import { getTableColumns } from "drizzle-orm";
import { type BookingSettingsRow, bookingSettings } from "~/core/db/schema";
import type { Executor } from "~/core/mail/outbox.server";

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
};

/** The booking's settings as stored, or the defaults. */
export async function readBookingSettings(executor: Pick<Executor, "select">): Promise<BookingSettings> {
  const [row] = await executor.select(settingColumns).from(bookingSettings);
  return row ?? DEFAULT_BOOKING_SETTINGS;
}
