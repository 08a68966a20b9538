// Italy's national holidays: law 260/1949 (2 June, art. 1; the days of art. 2 still in force after law
// 54/1977 and DPR 792/1985) and law 151/2025, which makes 4 October a national holiday again from
// 2026. Our own small function, not date-holidays: that library brings 45 MB of every country's data
// and calendars (decision 52).

/** A national holiday: its day ("YYYY-MM-DD") and its Italian name. */
export type ItalianHoliday = { date: string; name: string };

/** The first year 4 October (San Francesco d'Assisi) is a national holiday again (law 151/2025, in force 1 January 2026). */
const SAN_FRANCESCO_FROM = 2026;

const twoDigits = (value: number) => String(value).padStart(2, "0");
const day = (year: number, month: number, dayOfMonth: number) => `${year}-${twoDigits(month)}-${twoDigits(dayOfMonth)}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher), as [month, day]. */
export function easterSunday(year: number): [month: number, day: number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, dayOfMonth];
}

/** Italy's national holidays of `year` (1583 or later), in date order, each with its Italian name. */
export function italianHolidays(year: number): ItalianHoliday[] {
  if (!Number.isInteger(year) || year < 1583) throw new RangeError(`not a Gregorian year: ${year}`);
  const [easterMonth, easterDay] = easterSunday(year);
  const easter = Date.UTC(year, easterMonth - 1, easterDay);
  const easterMonday = new Date(easter + 86_400_000).toISOString().slice(0, 10);
  const holidays: ItalianHoliday[] = [
    { date: day(year, 1, 1), name: "Capodanno" },
    { date: day(year, 1, 6), name: "Epifania" },
    { date: day(year, easterMonth, easterDay), name: "Pasqua" },
    { date: easterMonday, name: "Lunedì dell'Angelo" },
    { date: day(year, 4, 25), name: "Festa della Liberazione" },
    { date: day(year, 5, 1), name: "Festa del Lavoro" },
    { date: day(year, 6, 2), name: "Festa della Repubblica" },
    { date: day(year, 8, 15), name: "Ferragosto" },
    ...(year >= SAN_FRANCESCO_FROM ? [{ date: day(year, 10, 4), name: "San Francesco d'Assisi" }] : []),
    { date: day(year, 11, 1), name: "Ognissanti" },
    { date: day(year, 12, 8), name: "Immacolata Concezione" },
    { date: day(year, 12, 25), name: "Natale" },
    { date: day(year, 12, 26), name: "Santo Stefano" },
  ];
  // Easter Monday can fall on 25 April (2011, 2095): one day, both names kept.
  return holidays.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/** The national holidays between two days, both included ("YYYY-MM-DD"), e.g. a booking horizon. */
export function italianHolidaysBetween(first: string, last: string): ItalianHoliday[] {
  const from = Number(first.slice(0, 4));
  const to = Number(last.slice(0, 4));
  const found: ItalianHoliday[] = [];
  for (let year = from; year <= to; year++) {
    for (const holiday of italianHolidays(year)) {
      if (holiday.date >= first && holiday.date <= last) found.push(holiday);
    }
  }
  return found;
}
