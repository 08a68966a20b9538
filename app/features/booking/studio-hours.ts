import { weekdays, type OpeningRange, type Weekday, type WeeklyHours } from "./availability";

// Today the site content has one set of opening hours for every studio, and studios without a key of
// their own. Until the content gives each studio its key and its hours (a later step of issue 27),
// these turn what the content has into what booking takes. Plain shapes: booking does not import
// the site content feature; the route passes the content in.

/** A studio's key from its name: lower case, no accents, words joined by dashes ("Studio di Milano" → "studio-di-milano"). */
export function studioKeyFromName(name: string): string {
  const key = name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return key || "studio";
}

/** Each studio's key, in order; a name used twice gets "-2", "-3"… */
export function studioKeys(studios: readonly { name: string }[]): string[] {
  const used = new Set<string>();
  return studios.map((studio) => {
    const base = studioKeyFromName(studio.name);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
    used.add(key);
    return key;
  });
}

/** The content's week (a list of days, each with its ranges) as booking's weekly hours; a day missing is closed. */
export function weeklyHours(days: readonly { day: Weekday; ranges: readonly OpeningRange[] }[]): WeeklyHours {
  return Object.fromEntries(
    weekdays.map((weekday) => [weekday, days.find((d) => d.day === weekday)?.ranges ?? []]),
  ) as Record<Weekday, readonly OpeningRange[]>;
}

/** Opening hours per place: each studio's by its key, and the online visits'. */
export interface PlaceHours {
  studios: ReadonlyMap<string, WeeklyHours>;
  online: WeeklyHours;
}

/** Today's one set of hours, for every studio and for the online visits. */
export function sharedHoursPerPlace(
  studios: readonly { name: string }[],
  days: readonly { day: Weekday; ranges: readonly OpeningRange[] }[],
): PlaceHours {
  const hours = weeklyHours(days);
  return { studios: new Map(studioKeys(studios).map((key) => [key, hours])), online: hours };
}
