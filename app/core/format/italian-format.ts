// Dates and numbers written the Italian way without the browser's Intl. The first Intl call of a
// page loads the locale data: 30–80 ms of main thread on a 2-core machine, four times that on the
// phone Lighthouse simulates, in the middle of hydration. The public pages only need these few
// fixed formats, checked against Intl by italian-format.test.ts.

const MONTHS = [
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

/** 01:00 UTC on the last Sunday of a month: when summer time starts (March) and ends (October) in the EU. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/** The date as it reads on a calendar in Italy (Europe/Rome: UTC+1, UTC+2 in summer time), e.g. "5 marzo 2026". */
export function formatItalianDate(iso: string): string {
  const time = new Date(iso).getTime();
  const year = new Date(time).getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  const rome = new Date(time + (summer ? 2 : 1) * 3_600_000);
  return `${rome.getUTCDate()} ${MONTHS[rome.getUTCMonth()]} ${rome.getUTCFullYear()}`;
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
