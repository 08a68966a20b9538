// Time zones of her calendars, for ical.js: a TZID as the calendar spells it ("europe/ROME") mapped
// to the zone's own name, and only that name registered with ical.js's global TimezoneService. The
// spellings come from outside, so none is kept per spelling beyond a bounded memory: the zones
// registered are at most Intl's finite list, each answered from the platform's data.

import ICAL from "ical.js";
import { boundedMemory } from "~/core/bounded-memory";

const DAY_MS = 86_400_000;

/** Longer than any IANA name: not looked up at all. */
const TZID_MAX_LENGTH = 64;

/** Each zone by its name in lower case, from Intl's list of canonical names (with UTC). */
let canonicalByLowerCase: Map<string, string> | undefined;
function canonicalNames(): Map<string, string> {
  canonicalByLowerCase ??= new Map(
    [...Intl.supportedValuesOf("timeZone"), "UTC"].map((name) => [name.toLowerCase(), name] as const),
  );
  return canonicalByLowerCase;
}

/**
 * Spellings Intl's list does not hold (an alias like "US/Eastern") to the name Intl gives them, or
 * null for no zone: bounded, whatever the calendar sends.
 */
const aliases = boundedMemory<string, string | null>(2_000);

/** The zone's own name for a TZID of any case, or undefined when no zone has it. */
export function canonicalZone(tzid: string): string | undefined {
  if (tzid.length === 0 || tzid.length > TZID_MAX_LENGTH) return undefined;
  const lower = tzid.toLowerCase();
  const listed = canonicalNames().get(lower);
  if (listed) return listed;
  const resolved = aliases(lower, () => {
    try {
      const name = new Intl.DateTimeFormat("en-US", { timeZone: lower }).resolvedOptions().timeZone;
      return canonicalNames().get(name.toLowerCase()) ?? name;
    } catch {
      return null;
    }
  });
  return resolved ?? undefined;
}

/** The zone's name once ical.js knows it (registering the platform's zone the first time), or undefined. */
export function knownZone(tzid: string): string | undefined {
  const name = canonicalZone(tzid);
  if (name === undefined) return undefined;
  if (!ICAL.TimezoneService.has(name)) ICAL.TimezoneService.register(new PlatformZone(name));
  return name;
}

/** An IANA time zone answered from the platform's data (Intl), for ical.js. */
class PlatformZone extends ICAL.Timezone {
  /** Offsets by quarter hour of UTC: every transition in use falls on one. */
  private readonly offsets = boundedMemory<number, number>(20_000);

  private readonly format: Intl.DateTimeFormat;

  constructor(tzid: string) {
    super({ tzid });
    this.format = new Intl.DateTimeFormat("en-US", { timeZone: tzid, hourCycle: "h23", ...PARTS });
  }

  /** Seconds ahead of UTC at this wall-clock time: in a repeated hour the first, in a skipped hour the offset before it. */
  override utcOffset(time: ICAL.Time): number {
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    const before = this.offsetAt(wall - DAY_MS);
    const after = this.offsetAt(wall + DAY_MS);
    const fits = [before, after].filter((offset) => this.offsetAt(wall - offset * 1000) === offset);
    return fits.length > 0 ? Math.max(...fits) : before;
  }

  private offsetAt(instant: number): number {
    const quarter = Math.floor(instant / 900_000);
    return this.offsets(quarter, () => {
      const parts: Record<string, number> = {};
      for (const part of this.format.formatToParts(instant)) parts[part.type] = Number(part.value);
      const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
      return Math.round((wall - Math.floor(instant / 1000) * 1000) / 1000);
    });
  }
}

const PARTS = {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
} as const;
