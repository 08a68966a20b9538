import type { AppServices } from "~/services.server";
import { respond } from "~/core/forms/respond.server";
import {
  calendarSourceAction,
  type CalendarSourceDone,
  type CalendarSourceRefusal,
} from "~/features/booking/calendar-sources-admin.server";
import type { CalendarSourceInput } from "~/features/booking/calendar-sources-schema";
import { CALENDAR_SOURCE_MESSAGES, CALENDAR_SOURCE_REFUSALS, calendarFailureText } from "~/features/booking/messages";
import { SETTINGS_PAGE, type SettingsResult } from "~/features/booking/settings-common";

/** Her calendars: what a change or a read came to, in Italian. */
function sourcesDoneAnswer(done: CalendarSourceDone) {
  const M = CALENDAR_SOURCE_MESSAGES;
  const read = done.read;
  const readText = !read
    ? ""
    : read.status === "read"
      ? M.read(read.busy.length)
      : read.status === "not_modified"
        ? M.unchanged
        : M.readFailed(calendarFailureText(read.reason, read.httpStatus, read.eventAt));
  if (done.intent === "source-remove") return { ok: true, message: M.removed };
  if (done.intent === "source-add") return { ok: true, message: `${M.added} ${readText}` };
  return { ok: read?.status !== "failed", message: readText };
}

/** The form's field a refusal is shown next to, with the values as typed. */
const SOURCE_FIELDS: Partial<Record<CalendarSourceRefusal, string>> = {
  studioInvalid: "studioKeys",
  placeNeeded: "studioKeys",
};

/** Her calendars' forms of the booking settings: the change (and a read), then its answer (decision 53). */
export async function calendarSourcesAnswer(
  request: Request,
  s: AppServices,
  input: CalendarSourceInput,
  studioKeys: string[],
  target: string | undefined,
  replyWith: (fieldErrors: Record<string, string[]>) => SettingsResult["reply"],
) {
  const deps = { ...s, allowPrivate: s.config.calendarFetchAllowPrivate };
  const result = await calendarSourceAction(deps, input, studioKeys);
  // The calendar's id and what came of it; never its address, a secret.
  s.logger.info(
    { intent: input.intent, ok: result.ok, read: result.ok ? result.value.read?.status : undefined },
    "calendar sources changed",
  );
  // A read that failed is still 200: it was made and its failure recorded, so the screen reloads to show it.
  if (result.ok)
    return respond<SettingsResult>(request, s.flash, sourcesDoneAnswer(result.value), {
      status: 200,
      redirectTo: SETTINGS_PAGE,
    });
  const { message, status } = CALENDAR_SOURCE_REFUSALS[result.reason];
  const field = SOURCE_FIELDS[result.reason];
  const reply = field ? replyWith({ [field]: [message] }) : undefined;
  return respond<SettingsResult>(
    request,
    s.flash,
    { ok: false, message, target, reply },
    { status, redirectTo: reply ? undefined : SETTINGS_PAGE },
  );
}
