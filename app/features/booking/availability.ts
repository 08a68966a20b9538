import { addDays, romeDate, romeInstant, romeTime } from "~/core/format/rome-clock";

// The free start times of one visit type at one place (a studio, or online), as pure arithmetic on
// instants: opening hours in Italy's time, minus time off, taken appointments (with the buffer after
// each), a minimum notice and a horizon. The server computes them for the page and again, from the
// same input, before it writes a booking; the database's exclusion constraint settles any race.

export const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/** "HH:MM", 24-hour clock, in Italy's time. */
export interface OpeningRange {
  opens: string;
  closes: string;
}

/** A place's opening hours for each day of the week; no ranges means closed. */
export type WeeklyHours = Readonly<Record<Weekday, readonly OpeningRange[]>>;

/** Whole days in Italy, first and last included ("YYYY-MM-DD"). */
export interface TimeOffDays {
  startsOn: string;
  endsOn: string;
}

/** The time an appointment holds: from its start to its end plus its buffer. */
export interface TakenTime {
  startsAt: Date;
  blockedUntil: Date;
}

export interface AvailabilityInput {
  /** The hours of the place chosen (a studio, or the online visits). */
  hours: WeeklyHours;
  durationMinutes: number;
  /** Kept free after the visit: a time is free when [start, end + buffer) meets no taken time. */
  bufferMinutes: number;
  /** No start sooner than this after `now`. */
  minimumNoticeMinutes: number;
  /** Days offered, today (in Italy) included. */
  horizonDays: number;
  /** Start times are this far apart, from each opening time. */
  stepMinutes?: number;
  timeOff: readonly TimeOffDays[];
  /** Every appointment that holds its time, at any place: there is one practitioner. */
  taken: readonly TakenTime[];
  /**
   * When her other calendars say she is busy at this place (decision 53): like a taken time, no visit
   * nor its buffer may meet one; apart from `taken` so a time refused for it is "unavailable".
   */
  busy?: readonly TakenTime[];
  now: Date;
}

export interface FreeTime {
  /** The instant, ISO 8601 in UTC: what a form posts back. */
  startsAt: string;
  /** As the clock in Italy reads it: "09:30". */
  time: string;
}

/** "open": she works that day (its times may all be gone); "closed": no hours; "time_off": her time off. */
export type DayStatus = "open" | "closed" | "time_off";

export interface FreeDay {
  /** "YYYY-MM-DD", in Italy. */
  date: string;
  weekday: Weekday;
  status: DayStatus;
  times: FreeTime[];
}

export const DEFAULT_STEP_MINUTES = 15;
const MINUTE = 60_000;

const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Monday first, as weekdays lists them. */
const weekdayOf = (date: string): Weekday => weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** Taken times as [start, end) in milliseconds, sorted, overlapping ones merged. */
function busyIntervals(taken: readonly TakenTime[], from: number): [number, number][] {
  const sorted = taken
    .map((t): [number, number] => [t.startsAt.getTime(), t.blockedUntil.getTime()])
    .filter(([, end]) => end > from)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push(interval);
  }
  return merged;
}

/** The first busy interval ending after `instant` (binary search). */
function firstEndingAfter(busy: [number, number][], instant: number): number {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (busy[middle]![1] <= instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

function prepare(input: AvailabilityInput) {
  const now = input.now.getTime();
  const today = romeDate(now);
  return {
    input,
    today,
    lastDay: addDays(today, input.horizonDays - 1),
    earliest: now + input.minimumNoticeMinutes * MINUTE,
    step: (input.stepMinutes ?? DEFAULT_STEP_MINUTES) * MINUTE,
    visit: input.durationMinutes * MINUTE,
    held: (input.durationMinutes + input.bufferMinutes) * MINUTE,
    busy: busyIntervals(input.busy?.length ? [...input.taken, ...input.busy] : input.taken, now),
  };
}

function freeDay(context: ReturnType<typeof prepare>, date: string): FreeDay {
  const { input, busy } = context;
  const weekday = weekdayOf(date);
  if (input.timeOff.some((off) => off.startsOn <= date && date <= off.endsOn))
    return { date, weekday, status: "time_off", times: [] };
  const ranges = [...input.hours[weekday]].sort((a, b) => minuteOfDay(a.opens) - minuteOfDay(b.opens));
  if (!ranges.length) return { date, weekday, status: "closed", times: [] };

  const times: FreeTime[] = [];
  let last = -Infinity;
  for (const range of ranges) {
    const opens = romeInstant(date, minuteOfDay(range.opens));
    const closes = romeInstant(date, minuteOfDay(range.closes));
    let next = firstEndingAfter(busy, opens);
    // Steps in real time from the opening: on the nights the clock changes, a visit lasts its minutes.
    for (let start = opens; start + context.visit <= closes; start += context.step) {
      if (start < context.earliest || start <= last) continue;
      while (next < busy.length && busy[next]![1] <= start) next++;
      const conflict = busy[next];
      if (conflict && conflict[0] < start + context.held) continue;
      times.push({ startsAt: new Date(start).toISOString(), time: romeTime(start) });
      last = start;
    }
  }
  return { date, weekday, status: "open", times };
}

/** Every day of the horizon, from today in Italy, with its free start times. */
export function freeDays(input: AvailabilityInput): FreeDay[] {
  const context = prepare(input);
  const days: FreeDay[] = [];
  for (let date = context.today; date <= context.lastDay; date = addDays(date, 1)) days.push(freeDay(context, date));
  return days;
}

/** Whether a booking may start at `startsAt`: one of the free times, as the page offered them. */
export function isFreeStart(input: AvailabilityInput, startsAt: Date): boolean {
  const context = prepare(input);
  const date = romeDate(startsAt.getTime());
  if (date < context.today || date > context.lastDay) return false;
  const wanted = startsAt.toISOString();
  return freeDay(context, date).times.some((time) => time.startsAt === wanted);
}
