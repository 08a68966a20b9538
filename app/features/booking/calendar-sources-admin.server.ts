// Her other calendars on the settings screen (decision 53): the changes she makes, and each calendar
// as the screen shows it: its name, its address's host only (the address is a secret), where it
// blocks, when it was last read and, in Italian, why the last read failed.

import type { CalendarSource } from "./schema";
import { formatItalianDate } from "~/core/format/italian-format";
import { addDays, romeDate, romeTime } from "~/core/format/rome-clock";
import { type Result, refused, succeeded } from "~/core/result";
import { type CalendarRefreshDeps, refreshCalendarSource } from "./calendar-refresh.server";
import type { CalendarSourceInput } from "./calendar-sources-schema";
import type { CalendarSourceView } from "./calendar-sources-section";
import type { CalendarReadOutcome } from "./calendar-sources.server";
import { calendarFailureText } from "./messages";

export type CalendarSourceRefusal = "tooMany" | "studioInvalid" | "placeNeeded" | "missing";

/** What a change came to: a calendar added or read has the outcome of its read. */
export type CalendarSourceDone = { intent: CalendarSourceInput["intent"]; read?: CalendarReadOutcome };

/**
 * One change of her calendars, the form already parsed. A calendar added is read at once, so she
 * learns there whether its address works; "Aggiorna ora" reads one now. A read that fails is no
 * refusal: the change was made, and the outcome says why the read failed.
 */
export async function calendarSourceAction(
  deps: CalendarRefreshDeps,
  input: CalendarSourceInput,
  /** Her studios' keys: the ones a calendar may block. */
  studioKeys: readonly string[],
  now = new Date(),
): Promise<Result<CalendarSourceDone, CalendarSourceRefusal>> {
  switch (input.intent) {
    case "source-add": {
      if (input.studioKeys.some((key) => !studioKeys.includes(key))) return refused("studioInvalid");
      if (!input.studioKeys.length && !input.blocksOnline) return refused("placeNeeded");
      // Every studio ticked: those she adds later are blocked too.
      const every = studioKeys.every((key) => input.studioKeys.includes(key));
      const added = await deps.calendarSources.add({
        name: input.name,
        url: input.url.trim(),
        studioKeys: every ? null : input.studioKeys,
        blocksOnline: input.blocksOnline,
      });
      if (!added.ok) return added;
      return succeeded({ intent: input.intent, read: await readNow(deps, added.value, now) });
    }
    case "source-remove":
      return (await deps.calendarSources.remove(input.id)) ? succeeded({ intent: input.intent }) : refused("missing");
    case "source-refresh": {
      const source = await deps.calendarSources.find(input.id);
      if (!source) return refused("missing");
      return succeeded({ intent: input.intent, read: await readNow(deps, source, now) });
    }
  }
}

async function readNow(deps: CalendarRefreshDeps, source: CalendarSource, now: Date) {
  const { horizonDays } = await deps.bookingSettings.get();
  return refreshCalendarSource(deps, source, horizonDays, now);
}

/** "alle 14:32 di oggi", "alle 14:32 di ieri", "il 26 novembre 2026 alle 14:32". */
export function whenText(at: Date, now: Date): string {
  const day = romeDate(at.getTime());
  const today = romeDate(now.getTime());
  const time = romeTime(at.getTime());
  if (day === today) return `alle ${time} di oggi`;
  if (day === addDays(today, -1)) return `alle ${time} di ieri`;
  return `il ${formatItalianDate(at.toISOString())} alle ${time}`;
}

/** The host of an address, for the screen: the rest of it is the secret part. */
export function addressShown(url: string): string {
  try {
    return `${new URL(url.replace(/^webcals?:/i, "https:")).host}/…`;
  } catch {
    return "…";
  }
}

export function calendarSourceView(
  source: CalendarSource,
  studios: ReadonlyArray<{ key: string; name: string }>,
  now: Date,
): CalendarSourceView {
  const studioNames =
    source.studioKeys === null
      ? ["Tutti gli studi"]
      : studios.filter((studio) => source.studioKeys?.includes(studio.key)).map((studio) => studio.name);
  const places = [...studioNames, ...(source.blocksOnline ? ["le visite online"] : [])];
  const blocks = places.length > 1 ? `${places.slice(0, -1).join(", ")} e ${places.at(-1)}` : (places[0] ?? "");
  return {
    id: source.id,
    name: source.name,
    address: addressShown(source.url),
    blocks: blocks.charAt(0).toUpperCase() + blocks.slice(1),
    lastRead: source.lastReadAt ? `Letto ${whenText(source.lastReadAt, now)}` : "Non ancora letto",
    failure:
      source.lastFailure && source.lastFailedAt
        ? `Ultima lettura non riuscita (${whenText(source.lastFailedAt, now)}): ${calendarFailureText(source.lastFailure, source.lastFailureStatus, source.lastFailureEventAt)}${source.nextReadAt && source.nextReadAt > now ? ` Nuovo tentativo ${whenText(source.nextReadAt, now)}.` : ""}`
        : null,
  };
}
