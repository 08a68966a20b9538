import { z } from "zod";
import { checkbox, optionalTime } from "./content-fields";
import { minutes } from "./hours";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { CONTENT_MESSAGES } from "./messages";
import { MAX_STUDIOS, weekdays } from "./site-content";

// The opening hours' form ("Orari di apertura"): a week per studio and one for the online visits; per
// day, closed or up to two ranges that do not overlap.

const rangeInputSchema = z.preprocess((value) => value ?? {}, z.object({ opens: optionalTime, closes: optionalTime }));

/** One day: "closed", or up to two ranges; a range with both times empty is no range. */
const dayHoursSchema = z
  .object({
    day: z.enum(weekdays),
    closed: checkbox.optional().default(false),
    ranges: z.preprocess((value) => value ?? [], z.array(rangeInputSchema).max(2)),
  })
  .superRefine((value, ctx) => {
    if (value.closed) return;
    value.ranges.forEach((range, index) => {
      if (range.opens && !range.closes)
        ctx.addIssue({
          code: "custom",
          path: ["ranges", index, "closes"],
          message: "Indica anche l'orario di chiusura.",
        });
      if (!range.opens && range.closes)
        ctx.addIssue({
          code: "custom",
          path: ["ranges", index, "opens"],
          message: "Indica anche l'orario di apertura.",
        });
      if (range.opens && range.closes && minutes(range.closes) <= minutes(range.opens))
        ctx.addIssue({
          code: "custom",
          path: ["ranges", index, "closes"],
          message: "La chiusura deve essere dopo l'apertura.",
        });
    });
    const [first, second] = value.ranges;
    if (first?.opens && first.closes && second?.opens && second.closes) {
      const [a, b] = minutes(first.opens) <= minutes(second.opens) ? [first, second] : [second, first];
      if (minutes(b.opens!) < minutes(a.closes!))
        ctx.addIssue({
          code: "custom",
          path: ["ranges", 1, "opens"],
          message: "Le due fasce orarie si sovrappongono: la seconda deve iniziare dopo la fine della prima.",
        });
    }
  })
  .transform(({ day, closed, ranges }) => ({
    day,
    ranges: closed
      ? []
      : ranges
          .filter((r): r is { opens: string; closes: string } => Boolean(r.opens && r.closes))
          .sort((a, b) => minutes(a.opens) - minutes(b.opens)),
  }));

const weekSchema = z
  .array(dayHoursSchema)
  .length(7, "Servono tutti e sette i giorni della settimana.")
  .refine((days) => days.every((d, i) => d.day === weekdays[i]), "I giorni devono essere da lunedì a domenica.");

/** Each studio's week, by its key (what a studio's name becomes does not matter), and the online visits' week. */
export const hoursSchema = z.object({
  studios: z
    .array(
      z.object({
        key: z
          .string({ error: CONTENT_MESSAGES.staleForm })
          .regex(new RegExp(STUDIO_KEY_PATTERN), CONTENT_MESSAGES.staleForm),
        hours: weekSchema,
      }),
      { error: CONTENT_MESSAGES.staleForm },
    )
    .min(1, CONTENT_MESSAGES.staleForm)
    .max(MAX_STUDIOS, CONTENT_MESSAGES.staleForm),
  onlineHours: weekSchema,
});
