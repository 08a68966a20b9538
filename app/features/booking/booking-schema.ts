/**
 * The booking form's zod schema (the patient's details and the time she chose), run by the server;
 * its limits are the appointments table's (booking-values.ts).
 */
import { z } from "zod";
import { bookingLimits } from "./booking-values";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import { BOOKING_FORM_MESSAGES as M } from "./messages";

const blankToUndefined = (value: unknown) =>
  typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() || undefined : value;

/** The place as the page's links name it: a studio's key, or "online". */
export const ONLINE_PLACE = "online";

export const bookingSchema = z.object({
  sede: z.string({ error: M.timeMissing }).max(80, { error: M.timeMissing }),
  visita: z.uuid({ error: M.timeMissing }),
  ora: z.iso.datetime({ error: M.timeMissing }),
  name: z.preprocess(
    blankToUndefined,
    oneLine(
      z
        .string({ error: M.nameRequired })
        .min(2, { error: M.nameRequired })
        .max(bookingLimits.patientName.max, { error: M.nameTooLong }),
    ),
  ),
  email: z.preprocess(
    blankToUndefined,
    z
      .string({ error: M.emailInvalid })
      .max(bookingLimits.patientEmail.max, { error: M.emailTooLong })
      .pipe(z.email({ error: M.emailInvalid })),
  ),
  phone: z.preprocess(
    blankToUndefined,
    z
      .string({ error: M.phoneInvalid })
      .max(bookingLimits.patientPhone.max, { error: M.phoneInvalid })
      // Digits, spaces, dots, dashes and slashes, a leading +, and at least six digits.
      .refine((phone) => /^\+?[\d\s./-]+$/.test(phone) && phone.replace(/\D/g, "").length >= 6, {
        error: M.phoneInvalid,
      }),
  ),
  note: z.preprocess(
    blankToUndefined,
    multiLine(z.string().max(bookingLimits.note.max, { error: M.noteTooLong })).optional(),
  ),
  consent: z.preprocess((value) => value === "on" || value === "true", z.literal(true, { error: M.consent })),
});

export type BookingInput = z.infer<typeof bookingSchema>;
export type BookingField = keyof BookingInput;

/** Her link's page: cancel the visit, or move it to a free time (`ora`, checked by the action). */
export const manageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("move"), ora: z.string().max(40) }),
]);

/** The fields she types, as typed, to show again after a refusal. */
export type BookingFormValues = {
  name: string;
  email: string;
  phone: string;
  note: string;
  consent: boolean;
};

/** The form's fields empty: the shape of the values a refused form shows again (core/forms typedValues). */
export const EMPTY_BOOKING_VALUES: BookingFormValues = { name: "", email: "", phone: "", note: "", consent: false };
