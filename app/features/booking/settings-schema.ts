/**
 * The booking settings screen's forms (settings, a visit type, time off): zod schemas the server
 * parses with and the browser checks with; limits are the tables' (booking-values.ts).
 */
import { z } from "zod";
import { bookingLimits as limits, bookingModes, confirmationModes, onlineRoomKinds } from "./booking-values";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { oneLine } from "~/core/forms/field-rules";
import { waitingListLimits } from "./waiting-list-values";
import { waitingRemoveSchema } from "./waiting-list-schema";
import { blankToUndefined, checkbox } from "./form-rules";
import { calendarSourceSchemas } from "./calendar-sources-schema";
import { HOLIDAY_MESSAGES as H, BOOKING_SETTINGS_MESSAGES as M } from "./messages";

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
  // The waiting list's expiry and link (left out: kept as stored).
  waitingListExpiryDays: wholeNumber(waitingListLimits.expiryDays, M.waitingListExpiry).optional(),
  waitingListLinkHours: wholeNumber(waitingListLimits.linkHours, M.waitingListLink).optional(),
  // Said to the patient before a request is sent (left out: kept as stored).
  requestAnswerHours: wholeNumber(limits.requestAnswerHours, M.requestAnswer).optional(),
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

// A holiday reopened or closed again by its date; a studio's patron saint added or removed.
const holidaySchema = z.object({ intent: z.enum(["holiday-reopen", "holiday-close"]), date: day });
export const patronSchema = z
  .object({
    intent: z.literal("patron-add"),
    studioKey: z.string({ error: M.studioInvalid }).regex(new RegExp(STUDIO_KEY_PATTERN), { error: M.studioInvalid }),
    day: wholeNumber({ min: 1, max: 31 }, H.patronDay),
    month: wholeNumber({ min: 1, max: 12 }, H.patronMonth),
    name: z.preprocess(
      blankToUndefined,
      oneLine(z.string({ error: H.patronName }).max(limits.patronName.max, { error: H.patronName })),
    ),
  })
  .superRefine((value, ctx) => {
    // 29 February counts (a leap year's).
    if (!isRealDate(`2000-${String(value.month).padStart(2, "0")}-${String(value.day).padStart(2, "0")}`))
      ctx.addIssue({ code: "custom", path: ["day"], message: H.patronDay });
  });
const patronRemoveSchema = z.object({ intent: z.literal("patron-remove"), id: z.uuid({ error: M.invalid }) });

/** A new address for her calendars, or the feed switched off. */
const feedCreateSchema = z.object({ intent: z.literal("feed-create") });
const feedRevokeSchema = z.object({ intent: z.literal("feed-revoke") });

// Item 7 (online visits): how an online type's visit happens. `none` takes the room away (the
// e-mails then say the link comes before the visit, as before).
/** An https address on a named host, without a user or password in it. */
const roomAddress = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: M.roomUrl })
  .max(limits.onlineRoomUrl.max, { error: M.roomUrl })
  .refine((text) => !/^https:\/\/[^/?#]*@/.test(text), { error: M.roomUrl });

export const onlineRoomSchema = z
  .object({
    intent: z.literal("online-room"),
    visitTypeId: z.uuid({ error: M.typeMissing }),
    kind: z.enum(["none", ...onlineRoomKinds], { error: M.roomKind }),
    url: z.preprocess(blankToUndefined, z.string().optional()),
    providerName: z.preprocess(
      blankToUndefined,
      oneLine(z.string().max(limits.onlineProviderName.max, { error: M.roomProvider })).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "none") return;
    const url = roomAddress.safeParse(value.url);
    if (!url.success) ctx.addIssue({ code: "custom", path: ["url"], message: M.roomUrl });
    // The site adds the room's name after the server's address: a query or a fragment would swallow it.
    else if (value.kind === "per_visit" && /[?#]/.test(url.data))
      ctx.addIssue({ code: "custom", path: ["url"], message: M.roomServer });
    if (!value.providerName) ctx.addIssue({ code: "custom", path: ["providerName"], message: M.roomProvider });
  });

/**
 * Every form of the settings screen, told apart by its `intent` (the server parses with this one);
 * her calendars' addresses may be plain http where CALENDAR_FETCH_ALLOW_PRIVATE allows it.
 */
export const settingsActionSchemaFor = (allowHttp: boolean) => {
  const sources = calendarSourceSchemas(allowHttp);
  return z.discriminatedUnion(
    "intent",
    [
      settingsSchema,
      visitTypeSchema,
      timeOffSchema,
      moveTypeSchema,
      removeSchema,
      feedCreateSchema,
      feedRevokeSchema,
      holidaySchema,
      patronSchema,
      patronRemoveSchema,
      onlineRoomSchema,
      waitingRemoveSchema,
      sources.add,
      sources.one,
    ],
    { error: M.invalid },
  );
};
export const settingsActionSchema = settingsActionSchemaFor(false);
export type SettingsActionInput = z.infer<typeof settingsActionSchema>;
/** The holidays' changes. */
export type HolidayChange = Extract<SettingsActionInput, { intent: `holiday-${string}` | `patron-${string}` }>;
const HOLIDAY_INTENTS: readonly string[] = ["holiday-reopen", "holiday-close", "patron-add", "patron-remove"];
export const isHolidayChange = (input: SettingsActionInput): input is HolidayChange =>
  HOLIDAY_INTENTS.includes(input.intent);
/** The settings screen's changes but the calendar feed's, her calendars' and the holidays'. */
export type SettingsChange = z.infer<
  | typeof settingsSchema
  | typeof visitTypeSchema
  | typeof timeOffSchema
  | typeof moveTypeSchema
  | typeof removeSchema
  | typeof onlineRoomSchema
>;
/** Whether a parsed form is one of the settings' changes (not the feed's, her calendars' or the holidays'). */
export const isSettingsChange = (input: SettingsActionInput): input is SettingsChange =>
  !input.intent.startsWith("feed-") &&
  !input.intent.startsWith("source-") &&
  input.intent !== "waiting-remove" &&
  !isHolidayChange(input);
