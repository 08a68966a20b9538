// Dates and numbers written the Italian way without the browser's Intl. The first Intl call of a
// page loads the locale data: 30–80 ms of main thread on a 2-core machine, four times that on the
// phone Lighthouse simulates, in the middle of hydration. The public pages only need these few
// fixed formats, checked against Intl by italian-format.test.ts.

import { romeWallClock } from "./rome-clock";

/** The months' names, January first. */
export const MONTHS = [
  "gennaio",
  "febbraio",
  "marzo",
  "aprile",
  "maggio",
  "giugno",
  "luglio",
  "agosto",
  "settembre",
  "ottobre",
  "novembre",
  "dicembre",
];

/** The instant as a clock in Italy shows it (Europe/Rome: UTC+1, UTC+2 in summer time), in a Date's UTC fields. */
const romeClock = (iso: string): Date => romeWallClock(new Date(iso).getTime());

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The date as it reads on a calendar in Italy, e.g. "5 marzo 2026". */
export function formatItalianDate(iso: string): string {
  const rome = romeClock(iso);
  return `${rome.getUTCDate()} ${MONTHS[rome.getUTCMonth()]} ${rome.getUTCFullYear()}`;
}

/** The date in Italy in figures, e.g. "05/03/2026". */
export function formatItalianNumericDate(date: Date | string): string {
  const rome = romeClock(typeof date === "string" ? date : date.toISOString());
  return `${twoDigits(rome.getUTCDate())}/${twoDigits(rome.getUTCMonth() + 1)}/${rome.getUTCFullYear()}`;
}

/** The date and time to the minute in Italy, e.g. "5 marzo 2026 alle ore 09:07". */
export function formatItalianDateTime(iso: string): string {
  const rome = romeClock(iso);
  return `${formatItalianDate(iso)} alle ore ${twoDigits(rome.getUTCHours())}:${twoDigits(rome.getUTCMinutes())}`;
}

/** A whole number, thousands grouped with dots from 10.000 up (Italian style: 1234, 12.345). */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, ".");
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * `value` × 10^`power`, rounded half away from zero as Intl does: from the number as written
 * (4.05 → 41), not from its binary value (4.0499… → 40). For zero and positive numbers.
 */
const roundShifted = (value: number, power: number) => Math.round(Number(`${value}e${power}`));

/** One decimal, with a comma: 4,7 (for zero and positive numbers, such as an average rating). */
export function formatOneDecimal(value: number): string {
  const tenths = roundShifted(value, 1);
  return `${Math.trunc(tenths / 10)},${tenths % 10}`;
}

/** A share from 0 to 1 as a whole percentage: 46%. */
export function formatPercent(share: number): string {
  return `${roundShifted(share, 2)}%`;
}

/**
 * At most `maxDecimals` decimals, with a comma and no trailing zeros, grouped like formatCount:
 * 1,25; 0,5; 200; 12.345,6 (for quantities and nutrition values).
 */
export function formatDecimal(value: number, maxDecimals: number): string {
  const factor = 10 ** maxDecimals;
  const scaled = roundShifted(Math.abs(value), maxDecimals);
  const fraction = String(scaled % factor)
    .padStart(maxDecimals, "0")
    .replace(/0+$/, "");
  const whole = formatCount(Math.trunc(scaled / factor));
  const text = fraction ? `${whole},${fraction}` : whole;
  return value < 0 && scaled > 0 ? `-${text}` : text;
}

const WEEKDAYS = ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"];

/** A calendar day ("YYYY-MM-DD") with its weekday, e.g. "lunedì 7 gennaio 2030". */
export function formatItalianDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "dal"/"al" with a day of the month: "dal 1°", "dall'8", "all'11", "al 24". */
function fromDay(preposition: "dal" | "al", day: number): string {
  if (day === 1) return `${preposition} 1°`;
  return day === 8 || day === 11 ? `${preposition.slice(0, -1)}ll'${day}` : `${preposition} ${day}`;
}

/**
 * Calendar days "YYYY-MM-DD", first and last included, as a sentence reads them: "dal 24 al 31
 * dicembre 2026", "dal 28 novembre al 3 dicembre 2026", "dal 28 dicembre 2026 al 6 gennaio 2027";
 * one day alone with its weekday, "giovedì 24 dicembre 2026".
 */
export function formatItalianDayRange(first: string, last: string): string {
  if (first === last) return formatItalianDay(first);
  const [fromYear, fromMonth, fromDate] = first.split("-").map(Number) as [number, number, number];
  const [toYear, toMonth, toDate] = last.split("-").map(Number) as [number, number, number];
  const end = `${fromDay("al", toDate)} ${MONTHS[toMonth - 1]} ${toYear}`;
  if (fromYear !== toYear) return `${fromDay("dal", fromDate)} ${MONTHS[fromMonth - 1]} ${fromYear} ${end}`;
  if (fromMonth !== toMonth) return `${fromDay("dal", fromDate)} ${MONTHS[fromMonth - 1]} ${end}`;
  return `${fromDay("dal", fromDate)} ${end}`;
}

/** A month ("YYYY-MM") in words, e.g. "dicembre 2026". */
export function formatItalianMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return `${MONTHS[number! - 1]} ${year}`;
}

/** A price in cents as written in Italy: "80 €", "82,50 €", "1.200 €". */
export function formatEuro(cents: number): string {
  const whole = formatCount(Math.trunc(cents / 100));
  const rest = cents % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, "0")}` : ""} €`;
}

/** "Lunedì", "Lunedì e Giovedì", "Lunedì, Giovedì e Sabato": the one way the site joins a list. */
export function joinedList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

// Italian puts the article before a title ("la Dott.ssa Ferrari"), joined to the preposition before it.
const TITLE_ARTICLE: readonly [RegExp, "la" | "il"][] = [
  [/^(?:dott\.?ssa|dr\.?ssa|prof\.?ssa)\s/i, "la"],
  [/^(?:dott|dr|prof)\.\s/i, "il"],
];
const JOINED: Record<string, Record<"la" | "il", string>> = {
  di: { la: "della", il: "del" },
  a: { la: "alla", il: "al" },
  da: { la: "dalla", il: "dal" },
};

/**
 * A name as it reads after `word` ("di", "con", "Sono"…): "della Dott.ssa Giulia Ferrari", "con il
 * Dott. Marco Rossi", "Sono la Dott.ssa …"; a name without a title just follows the word.
 */
export function nameAfter(word: string, name: string): string {
  const article = TITLE_ARTICLE.find(([title]) => title.test(name))?.[1];
  if (!article) return word ? `${word} ${name}` : name;
  const joined = JOINED[word.toLowerCase()]?.[article];
  if (joined)
    return `${word[0] === word[0]!.toUpperCase() ? joined[0]!.toUpperCase() + joined.slice(1) : joined} ${name}`;
  return word ? `${word} ${article} ${name}` : `${article} ${name}`;
}
