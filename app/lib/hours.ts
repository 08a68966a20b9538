import type { OpeningHours } from "~/content/site-content";

const italianDays: Record<string, string> = {
  Monday: "Lunedì",
  Tuesday: "Martedì",
  Wednesday: "Mercoledì",
  Thursday: "Giovedì",
  Friday: "Venerdì",
  Saturday: "Sabato",
  Sunday: "Domenica",
};
const weekOrder = Object.keys(italianDays);

/** "09:00" → "9:00", as Italians write hours. */
export function formatTime(time: string): string {
  return time.replace(/^0(\d)/, "$1");
}

/** One row of the opening hours in Italian, e.g. { days: "Lunedì – Venerdì", time: "9:00 – 19:00" }. */
export function formatOpeningHours(hours: OpeningHours): { days: string; time: string } {
  const days = [...hours.days].sort((a, b) => weekOrder.indexOf(a) - weekOrder.indexOf(b));
  const indexes = days.map((d) => weekOrder.indexOf(d));
  const consecutive = indexes.every((d, i) => i === 0 || d === indexes[i - 1]! + 1);
  const names = days.map((d) => italianDays[d] ?? d);
  const label =
    names.length > 2 && consecutive ? `${names[0]} – ${names.at(-1)}` : names.join(", ");
  return { days: label, time: `${formatTime(hours.opens)} – ${formatTime(hours.closes)}` };
}
