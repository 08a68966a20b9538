/**
 * Her other calendars on the settings screen (decision 53): add one, remove one, read one now. The
 * address is checked here for its shape (https: or webcal:, plain http only where
 * CALENDAR_FETCH_ALLOW_PRIVATE allows it); where it leads is checked when it is read (safeFetch).
 */
import { z } from "zod";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { calendarSourceLimits as limits } from "./calendar-source-values";
import { oneLine } from "~/core/forms/field-rules";
import { blankToUndefined, checkbox } from "./form-rules";
import { CALENDAR_SOURCE_MESSAGES as M } from "./messages";

/** Whether `text` is an address a calendar may be read from: https or webcal (http too when allowed), no password in it. */
export function isCalendarAddress(text: string, allowHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text.replace(/^webcals?:/i, "https:"));
  } catch {
    return false;
  }
  const schemeAllowed = url.protocol === "https:" || (allowHttp && url.protocol === "http:");
  return schemeAllowed && url.hostname !== "" && !url.username && !url.password;
}

/** The forms of her calendars; `allowHttp` from CALENDAR_FETCH_ALLOW_PRIVATE. */
export function calendarSourceSchemas(allowHttp: boolean) {
  const addressMessage = allowHttp ? M.addressOrHttp : M.address;
  const add = z.object({
    intent: z.literal("source-add"),
    name: z.preprocess(blankToUndefined, oneLine(z.string({ error: M.name }).max(limits.name.max, { error: M.name }))),
    url: z.preprocess(
      blankToUndefined,
      z
        .string({ error: addressMessage })
        .max(limits.url.max, { error: M.addressTooLong })
        .refine((text) => isCalendarAddress(text, allowHttp), { error: addressMessage }),
    ),
    studioKeys: z
      .array(z.string().regex(new RegExp(STUDIO_KEY_PATTERN), { error: M.studioInvalid }))
      .max(20)
      .optional()
      .default([]),
    blocksOnline: checkbox.optional().default(false),
  });
  const one = z.object({
    intent: z.enum(["source-remove", "source-refresh"]),
    id: z.uuid({ error: M.missing }),
  });
  return { add, one };
}

export const calendarSourceAddSchema = calendarSourceSchemas(false).add;
export type CalendarSourceAddInput = z.infer<typeof calendarSourceAddSchema>;
export type CalendarSourceInput = CalendarSourceAddInput | z.infer<ReturnType<typeof calendarSourceSchemas>["one"]>;

/** Whether a parsed form of the settings screen is one of her calendars'. */
export const isCalendarSourceInput = <T extends { intent: string }>(
  input: T | CalendarSourceInput,
): input is CalendarSourceInput => input.intent.startsWith("source-");
