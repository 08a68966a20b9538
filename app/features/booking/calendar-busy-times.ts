// The busy times of a calendar the practitioner keeps elsewhere (Google, Outlook, iCloud…), read
// from its iCalendar text with ical.js (decision 52). Only when she is busy is kept: no title,
// place, description or attendee leaves this module. Recurring events are expanded within the
// horizon; the work is bounded, since the text comes from outside (a `FREQ=SECONDLY` rule, or one
// no date can satisfy, would otherwise keep the process busy for hours).

import ICAL from "ical.js";
import { addDays, romeInstant } from "~/core/format/rome-clock";
import { refused, type Result, succeeded } from "~/core/result";
import { knownZone } from "./calendar-zones";

/** A time she is busy, [start, end). */
export type BusyInterval = { start: Date; end: Date };

export type BusyTimesLimits = {
  /** Events (VEVENT) in a calendar at most. */
  maxEvents: number;
  /** Busy occurrences within the horizon at most. */
  maxOccurrences: number;
  /** Steps of recurrence expansion at most, for the whole calendar. */
  maxSteps: number;
};

export const BUSY_TIMES_LIMITS: BusyTimesLimits = { maxEvents: 20_000, maxOccurrences: 10_000, maxSteps: 50_000 };

export type BusyTimesRefusal = "notCalendar" | "tooManyEvents" | "tooManyOccurrences" | "tooComplex";

/** The start of the event whose expansion went over the budget: what she is told, never its title. */
export type BusyTimesDetail = { eventAt: Date | null };

export type BusyTimes = {
  /** Sorted, overlaps merged, cut to the horizon. */
  busy: BusyInterval[];
  /** Events skipped because ical.js could not read them (a malformed rule or date). */
  unreadableEvents: number;
};

/** The time zone of times without one (floating) and of all-day events: the practice's. */
const PRACTICE_ZONE = "Europe/Rome";
const DAY_MS = 86_400_000;

/** Thrown to stop ical.js's iteration midway; it never leaves busyTimesFromICalendar, which answers it as a refusal. */
class OverBudget extends Error {
  readonly reason: "tooManyOccurrences" | "tooComplex";
  constructor(reason: "tooManyOccurrences" | "tooComplex") {
    super(reason);
    this.reason = reason;
  }
}

/**
 * The busy intervals of an iCalendar text within [from, to): recurring events expanded (RRULE,
 * RDATE, EXDATE, RECURRENCE-ID overrides), VTIMEZONE honoured, an IANA TZID without one read
 * through the platform's time zone data, all-day events as whole days in Italy; transparent and
 * cancelled events left out.
 */
export function busyTimesFromICalendar(
  text: string,
  horizon: { from: Date; to: Date },
  limits: BusyTimesLimits = BUSY_TIMES_LIMITS,
  /** Told each event's start before it is expanded: who stops a read midway knows which event it was. */
  onEvent?: (startsAt: number) => void,
): Result<BusyTimes, BusyTimesRefusal, BusyTimesDetail> {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    return refused("notCalendar");
  }
  if (!Array.isArray(jcal) || jcal[0] !== "vcalendar") return refused("notCalendar");
  const children = (jcal[2] ?? []) as JCalComponent[];
  const eventCount = children.filter((child) => child[0] === "vevent").length;
  if (eventCount > limits.maxEvents) return refused("tooManyEvents");
  zoneEveryTime(children);

  const calendar = new ICAL.Component(jcal);
  const budget = { steps: limits.maxSteps, occurrences: limits.maxOccurrences };
  const from = horizon.from.getTime();
  const to = horizon.to.getTime();
  const events = calendar.getAllSubcomponents("vevent");

  // An override (RECURRENCE-ID) replaces its occurrence of the series: busy in its own right, or not at all.
  const overridden = new Set<string>();
  for (const event of events) {
    const recurrenceId = event.getFirstPropertyValue("recurrence-id");
    if (recurrenceId instanceof ICAL.Time) overridden.add(occurrenceKey(event, instantOf(recurrenceId)));
  }

  const intervals: Array<[number, number]> = [];
  let unreadableEvents = 0;
  let eventAt: number | null = null;
  try {
    for (const event of events) {
      try {
        eventAt = startOf(event);
        if (eventAt !== null) onEvent?.(eventAt);
        expandEvent(event, { from, to, overridden, budget, intervals });
      } catch (error) {
        if (error instanceof OverBudget) throw error;
        unreadableEvents++;
      }
    }
  } catch (error) {
    if (error instanceof OverBudget)
      return refused(error.reason, { eventAt: eventAt === null ? null : new Date(eventAt) });
    throw error;
  }
  return succeeded({ busy: merged(intervals, from, to), unreadableEvents });
}

type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JCalComponent = [string, JCalProperty[], JCalComponent[]];

const ZONED_PROPERTIES = new Set(["dtstart", "dtend", "exdate", "rdate", "recurrence-id"]);

/**
 * Gives every date-time of the events a zone ical.js can use, before any is read. A zone named by
 * its IANA name (Google's "Europe/Rome", defined in the calendar or sent bare) is read from the
 * platform's time zone data: the same rules, and ten times faster than ical.js expanding the
 * VTIMEZONE for each time. A VTIMEZONE of another name (Outlook's "W. Europe Standard Time") is
 * read as the calendar defines it. A floating time, or a TZID no one knows, is Italy's.
 */
function zoneEveryTime(children: JCalComponent[]) {
  const defined = new Set<string>();
  for (let index = children.length - 1; index >= 0; index--) {
    const [name, properties] = children[index]!;
    const tzid = name === "vtimezone" ? properties.find((property) => property[0] === "tzid")?.[3] : undefined;
    if (typeof tzid !== "string") continue;
    if (knownZone(tzid)) children.splice(index, 1);
    else defined.add(tzid);
  }
  for (const [name, properties] of children) {
    if (name !== "vevent") continue;
    for (const property of properties) {
      if (!ZONED_PROPERTIES.has(property[0]) || property[2] !== "date-time") continue;
      const params = property[1];
      const tzid = typeof params.tzid === "string" ? params.tzid : undefined;
      if (tzid === undefined) {
        if (property.slice(3).every((value) => typeof value === "string" && !value.endsWith("Z"))) {
          params.tzid = knownZone(PRACTICE_ZONE);
        }
      } else if (!defined.has(tzid)) {
        params.tzid = knownZone(tzid) ?? knownZone(tzid.split("/").slice(-2).join("/")) ?? knownZone(PRACTICE_ZONE);
      }
    }
  }
}

const dateOf = (time: ICAL.Time) =>
  `${time.year}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;

/** The instant of a time: a date is its day's midnight in Italy; every date-time has a zone (zoneEveryTime). */
function instantOf(time: ICAL.Time): number {
  return time.isDate ? romeInstant(dateOf(time), 0) : time.toUnixTime() * 1000;
}

/** An event's first start, or null when it has none ical.js can read. */
function startOf(event: ICAL.Component): number | null {
  try {
    const dtstart = event.getFirstPropertyValue("dtstart");
    return dtstart instanceof ICAL.Time ? instantOf(dtstart) : null;
  } catch {
    return null;
  }
}

function occurrenceKey(event: ICAL.Component, instant: number): string {
  return `${event.getFirstPropertyValue("uid") ?? ""}|${instant}`;
}

type Expansion = {
  from: number;
  to: number;
  overridden: Set<string>;
  budget: { steps: number; occurrences: number };
  intervals: Array<[number, number]>;
};

/**
 * Seconds a step of each frequency advances at most. Months and years are shifted as months (see
 * nearHorizon), the others as days or seconds of the clock.
 */
const STEP_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
  MONTHLY: 31 * 86_400,
  YEARLY: 366 * 86_400,
};

function expandEvent(event: ICAL.Component, expansion: Expansion) {
  const status = String(event.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(event.getFirstPropertyValue("transp") ?? "").toUpperCase();
  if (status === "CANCELLED" || transparency === "TRANSPARENT") return;
  const dtstart = event.getFirstPropertyValue("dtstart");
  if (!(dtstart instanceof ICAL.Time)) return;
  const start = instantOf(dtstart);
  const end = endOf(event, dtstart, start);
  const busyFor = (occurrence: ICAL.Time): [number, number] => {
    const at = instantOf(occurrence);
    return [at, occurrence.isDate ? romeInstant(addDays(dateOf(occurrence), end.days), 0) : at + end.ms];
  };
  const isSeries = !event.hasProperty("recurrence-id") && (event.hasProperty("rrule") || event.hasProperty("rdate"));
  if (!isSeries) {
    keep(busyFor(dtstart), expansion);
    return;
  }

  const excluded = new Set<string>();
  for (const property of event.getAllProperties("exdate")) {
    for (const value of property.getValues()) {
      if (value instanceof ICAL.Time) excluded.add(value.isDate ? dateOf(value) : String(instantOf(value)));
    }
  }
  const seen = new Set<number>();
  const add = (occurrence: ICAL.Time, interval: [number, number] = busyFor(occurrence)) => {
    const [at] = interval;
    if (seen.has(at) || excluded.has(String(at)) || excluded.has(dateOf(occurrence))) return;
    seen.add(at);
    if (expansion.overridden.has(occurrenceKey(event, at))) return;
    keep(interval, expansion);
  };

  add(dtstart);
  for (const property of event.getAllProperties("rdate")) {
    for (const value of property.getValues()) {
      if (value instanceof ICAL.Time) add(value);
      else if (value instanceof ICAL.Period) add(value.start, [instantOf(value.start), instantOf(value.getEnd())]);
    }
  }
  for (const property of event.getAllProperties("rrule")) {
    const rule = property.getFirstValue();
    if (!(rule instanceof ICAL.Recur)) continue;
    if (rule.until && instantOf(rule.until) < expansion.from) continue;
    const iterator = rule.iterator(nearHorizon(dtstart, start, end.ms, rule, expansion.from));
    // Every candidate ical.js tries goes through this check: counting it bounds even a rule no date satisfies.
    const check = iterator.check_contracting_rules.bind(iterator);
    iterator.check_contracting_rules = () => {
      spend(expansion.budget);
      return check();
    };
    for (;;) {
      spend(expansion.budget);
      const occurrence = iterator.next();
      if (!occurrence || instantOf(occurrence) >= expansion.to) break;
      add(occurrence);
    }
  }
}

function spend(budget: { steps: number }) {
  if (--budget.steps < 0) throw new OverBudget("tooComplex");
}

/** How long each occurrence lasts: whole days for a date, milliseconds for a date-time. */
function endOf(event: ICAL.Component, dtstart: ICAL.Time, start: number): { days: number; ms: number } {
  const dtend = event.getFirstPropertyValue("dtend");
  const duration = event.getFirstPropertyValue("duration");
  if (dtstart.isDate) {
    let days = 1;
    if (dtend instanceof ICAL.Time)
      days = Math.round((Date.parse(dateOf(dtend)) - Date.parse(dateOf(dtstart))) / DAY_MS);
    else if (duration instanceof ICAL.Duration) days = Math.ceil(duration.toSeconds() / 86_400);
    return { days: Math.max(days, 1), ms: 0 };
  }
  if (dtend instanceof ICAL.Time) return { days: 0, ms: Math.max(instantOf(dtend) - start, 0) };
  if (duration instanceof ICAL.Duration) return { days: 0, ms: Math.max(duration.toSeconds() * 1000, 0) };
  return { days: 0, ms: 0 };
}

/**
 * Where to start expanding a rule: its own start, or, for a rule without COUNT, a whole number of
 * its periods later and still before the horizon, so a weekly event begun years ago costs a few
 * steps, not hundreds. The occurrences after that point are the same: the rule's defaults taken
 * from the start (time of day, weekday, day of the month up to the 28th, month) do not change. The
 * first time the iterator returns may not be an occurrence; it falls before the horizon.
 */
function nearHorizon(dtstart: ICAL.Time, start: number, lastsMs: number, rule: ICAL.Recur, from: number): ICAL.Time {
  const unit = STEP_SECONDS[rule.freq];
  if (unit === undefined || rule.count) return dtstart;
  const interval = rule.interval || 1;
  const step = unit * interval;
  // Margin for a clock hour gained or lost on the way, or a day for day-long steps.
  const margin = 2 * step + (unit < 86_400 ? 7_200 : 2 * 86_400);
  const steps = Math.floor(((from - lastsMs - start) / 1000 - margin) / step);
  if (steps <= 0) return dtstart;
  const shifted = dtstart.clone();
  if (rule.freq === "MONTHLY" || rule.freq === "YEARLY") {
    if (dtstart.day > 28) return dtstart;
    const months = shifted.year * 12 + shifted.month - 1 + steps * interval * (rule.freq === "YEARLY" ? 12 : 1);
    shifted.year = Math.floor(months / 12);
    shifted.month = (months % 12) + 1;
  } else if (unit >= 86_400) {
    // Days as days, so the clock time stays across daylight-saving changes.
    shifted.adjust((steps * step) / 86_400, 0, 0, 0);
  } else shifted.adjust(0, 0, 0, steps * step);
  return shifted;
}

function keep([start, end]: [number, number], expansion: Expansion) {
  if (end <= expansion.from || start >= expansion.to || end <= start) return;
  if (--expansion.budget.occurrences < 0) throw new OverBudget("tooManyOccurrences");
  expansion.intervals.push([start, end]);
}

function merged(intervals: Array<[number, number]>, from: number, to: number): BusyInterval[] {
  intervals.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of intervals) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out.map(([start, end]) => ({ start: new Date(Math.max(start, from)), end: new Date(Math.min(end, to)) }));
}
