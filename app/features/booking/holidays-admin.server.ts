import { formatItalianDay, MONTHS } from "~/core/format/italian-format";
import { addDays } from "~/core/format/rome-clock";
import { type Result, refused, succeeded } from "~/core/result";
import { holidaysBetween } from "./holidays";
import type { HolidayRepository } from "./holidays.server";
import type { HolidayChange } from "./settings-schema";

/** How far ahead her screen lists the holidays, and she may reopen one: the booking's longest horizon. */
export const HOLIDAYS_AHEAD_DAYS = 365;

/** Why a change of the holidays was not made; the route says it (messages.ts, HOLIDAY_MESSAGES). */
export type HolidayRefusal = "notHoliday" | "studioInvalid" | "patronExists" | "patronMissing";

/** One change of the holidays from the settings screen, by its `intent`, the form already parsed. */
export async function holidaysAction(
  deps: { holidays: HolidayRepository },
  input: HolidayChange,
  /** Her studios' keys: a patron saint belongs to one of them. */
  studioKeys: readonly string[],
  /** "YYYY-MM-DD" in Italy. */
  today: string,
): Promise<Result<undefined, HolidayRefusal>> {
  switch (input.intent) {
    case "holiday-reopen": {
      const last = addDays(today, HOLIDAYS_AHEAD_DAYS - 1);
      const holidays = holidaysBetween(today, last, await deps.holidays.patrons());
      if (!holidays.some((holiday) => holiday.date === input.date)) return refused("notHoliday");
      await deps.holidays.reopen(input.date);
      return succeeded();
    }
    case "holiday-close":
      // Any date: closing again what is not reopened changes nothing.
      await deps.holidays.closeAgain(input.date);
      return succeeded();
    case "patron-add": {
      const { intent: _intent, ...patron } = input;
      if (!studioKeys.includes(patron.studioKey)) return refused("studioInvalid");
      return (await deps.holidays.addPatron(patron)) ? succeeded() : refused("patronExists");
    }
    case "patron-remove":
      return (await deps.holidays.removePatron(input.id)) ? succeeded() : refused("patronMissing");
  }
}

/** A date closed by holidays, as her screen lists it: open again when she reopened it. */
export interface HolidayRow {
  date: string;
  /** "venerdì 25 dicembre 2026". */
  label: string;
  /** "Natale", or "Sant'Ambrogio (Studio di Milano)"; a date with two holidays names both. */
  names: string;
  reopened: boolean;
}

/** A studio's patron saint as her screen lists it. */
export interface PatronRow {
  id: string;
  /** "7 dicembre: Sant'Ambrogio". */
  text: string;
  studioName: string;
}

/** The holidays of the next 12 months, each date with its state, and the studios' patron saints. */
export async function holidaysView(
  deps: { holidays: HolidayRepository },
  studios: readonly { key: string; name: string }[],
  today: string,
): Promise<{ holidays: HolidayRow[]; patrons: PatronRow[] }> {
  const last = addDays(today, HOLIDAYS_AHEAD_DAYS - 1);
  const [patrons, reopened] = await Promise.all([deps.holidays.patrons(), deps.holidays.reopenedBetween(today, last)]);
  const studioName = (key: string | null) => studios.find((studio) => studio.key === key)?.name ?? key;
  const rows: HolidayRow[] = [];
  for (const holiday of holidaysBetween(today, last, patrons)) {
    const name = holiday.studioKey === null ? holiday.name : `${holiday.name} (${studioName(holiday.studioKey)})`;
    const row = rows.at(-1);
    if (row?.date === holiday.date) row.names = `${row.names}, ${name}`;
    else
      rows.push({
        date: holiday.date,
        label: formatItalianDay(holiday.date),
        names: name,
        reopened: reopened.includes(holiday.date),
      });
  }
  return {
    holidays: rows,
    patrons: patrons.map((patron) => ({
      id: patron.id,
      text: `${patron.day} ${MONTHS[patron.month - 1]}: ${patron.name}`,
      studioName: studioName(patron.studioKey) ?? patron.studioKey,
    })),
  };
}
