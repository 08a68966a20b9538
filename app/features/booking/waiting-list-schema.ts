/**
 * The waiting list's form: who, which visit where, the weekdays and parts of day
 * that suit. Name and e-mail are the booking form's own fields; the lists are capped by the schema.
 */
import { z } from "zod";
import { dayParts, isoWeekdays } from "./waiting-list-values";
import { bookingSchema } from "./booking-schema";
import { WAITING_LIST_MESSAGES as M } from "./messages";

const checked = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const waitingListSchema = z.object({
  sede: z.string({ error: M.choiceMissing }).max(80, { error: M.choiceMissing }),
  visita: z.uuid({ error: M.choiceMissing }),
  name: bookingSchema.shape.name,
  email: bookingSchema.shape.email,
  giorni: z.preprocess(
    checked,
    z
      .array(z.coerce.number().pipe(z.literal(isoWeekdays, { error: M.weekdaysRequired })))
      .min(1, { error: M.weekdaysRequired })
      .max(7, { error: M.weekdaysRequired }),
  ),
  fasce: z.preprocess(
    checked,
    z
      .array(z.enum(dayParts, { error: M.dayPartsRequired }))
      .min(1, { error: M.dayPartsRequired })
      .max(3, { error: M.dayPartsRequired }),
  ),
  consent: z.preprocess((value) => value === "on" || value === "true", z.literal(true, { error: M.consent })),
});

export type WaitingListInput = z.infer<typeof waitingListSchema>;
export type WaitingListField = keyof WaitingListInput;

/** She removes an entry from the list (the settings screen's form). */
export const waitingRemoveSchema = z.object({
  intent: z.literal("waiting-remove"),
  id: z.uuid(),
});
