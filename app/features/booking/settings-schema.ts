/**
 * The booking settings screen's forms (settings, a visit type, time off): zod schemas the server
 * parses with and the browser checks with; limits are the tables' (booking-values.ts).
 */
import { z } from "zod";
import { bookingLimits as limits, bookingModes, confirmationModes, STUDIO_KEY_PATTERN } from "~/core/db/booking-values";
import { waitingListLimits } from "~/core/db/waiting-list-values";
import { oneLine } from "~/core/forms/field-rules";
import { waitingRemoveSchema } from "./waiting-list-schema";
import { BOOKING_SETTINGS_MESSAGES as M } from "./messages";

const checkbox = z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean());
const blankToUndefined = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
const wholeNumber = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int({ error: message }).min(range.min, { error: message }).max(range.max, {
    error: message,
  });

export const settingsSchema = z.object({
  intent: z.literal("settings"),
  mode: z.enum(bookingModes, { error: M.modeInvalid }),
  bufferMinutes: wholeNumber(limits.bufferMinutes, M.buffer),
  minimumNoticeHours: wholeNumber(limits.minimumNoticeHours, M.notice),
  horizonDays: wholeNumber(limits.horizonDays, M.horizon),
  cancellationLimitHours: wholeNumber(limits.cancellationLimitHours, M.cancellation),
  reminderTime: z.string({ error: M.reminderTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.reminderTime }),
  retentionMonths: wholeNumber(limits.retentionMonths, M.retention),
  reviewInviteNextDay: checkbox.optional().default(false),
  // Issue 43 item 6: the waiting list's expiry and link (left out: kept as stored).
  waitingListExpiryDays: wholeNumber(waitingListLimits.expiryDays, M.waitingListExpiry).optional(),
  waitingListLinkHours: wholeNumber(waitingListLimits.linkHours, M.waitingListLink).optional(),
});

/** "80", "82,50", "82.5" → cents; the form's text kept as typed otherwise. */
export function euroToCents(text: string): number {
  const [euros, cents = ""] = text.split(/[.,]/);
  return Number(euros) * 100 + Number(cents.padEnd(2, "0"));
}

export const visitTypeSchema = z
  .object({
    intent: z.enum(["type-create", "type-update"]),
    id: z.uuid({ error: M.typeMissing }).optional(),
    name: z.preprocess(
      blankToUndefined,
      oneLine(z.string({ error: M.typeName }).max(limits.visitTypeName.max, { error: M.typeName })),
    ),
    durationMinutes: wholeNumber(limits.durationMinutes, M.duration),
    price: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,5}([.,]\d{1,2})?$/, { error: M.price })
        .optional(),
    ),
    showPrice: checkbox.optional().default(false),
    confirmation: z.enum(confirmationModes, { error: M.confirmation }),
    studioKeys: z
      .array(z.string().regex(new RegExp(STUDIO_KEY_PATTERN), { error: M.studioInvalid }))
      .max(20)
      .optional()
      .default([]),
    online: checkbox.optional().default(false),
    active: checkbox.optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.showPrice && value.price === undefined)
      ctx.addIssue({ code: "custom", path: ["price"], message: M.priceToShow });
    if (value.active && !value.online && value.studioKeys.length === 0)
      ctx.addIssue({ code: "custom", path: ["studioKeys"], message: M.placeNeeded });
  });

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};
const day = z.string({ error: M.dayInvalid }).refine(isRealDate, { error: M.dayInvalid });

export const timeOffSchema = z
  .object({
    intent: z.literal("timeoff-add"),
    startsOn: day,
    /** Empty: the one day. */
    endsOn: z.preprocess(blankToUndefined, day.optional()),
    label: z.preprocess(
      blankToUndefined,
      oneLine(z.string().max(limits.timeOffLabel.max, { error: M.label })).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.endsOn && value.endsOn < value.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: M.endBeforeStart });
  });

/** Removing a visit type or time off: which one. */
export const removeSchema = z.object({
  intent: z.enum(["type-delete", "timeoff-remove"]),
  id: z.uuid({ error: M.invalid }),
});

/** Moving a visit type one place in her order. */
export const moveTypeSchema = z.object({
  intent: z.literal("type-move"),
  id: z.uuid({ error: M.invalid }),
  direction: z.enum(["up", "down"], { error: M.invalid }),
});

/** A new address for her calendars, or the feed switched off. */
const feedCreateSchema = z.object({ intent: z.literal("feed-create") });
const feedRevokeSchema = z.object({ intent: z.literal("feed-revoke") });

/** Every form of the settings screen, told apart by its `intent` (the server parses with this one). */
export const settingsActionSchema = z.discriminatedUnion(
  "intent",
  [
    settingsSchema,
    visitTypeSchema,
    timeOffSchema,
    moveTypeSchema,
    removeSchema,
    feedCreateSchema,
    feedRevokeSchema,
    waitingRemoveSchema,
  ],
  { error: M.invalid },
);
export type SettingsActionInput = z.infer<typeof settingsActionSchema>;
/** The settings screen's changes but the calendar feed's. */
export type SettingsChange = Exclude<SettingsActionInput, { intent: "feed-create" | "feed-revoke" | "waiting-remove" }>;
