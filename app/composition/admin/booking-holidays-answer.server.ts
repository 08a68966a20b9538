import type { AppServices } from "~/services.server";
import { respond } from "~/core/forms/respond.server";
import { romeDate } from "~/core/format/rome-clock";
import { type HolidayRefusal, holidaysAction } from "~/features/booking/holidays-admin.server";
import { HOLIDAY_MESSAGES, HOLIDAY_REFUSALS } from "~/features/booking/messages";
import { SETTINGS_PAGE, type SettingsResult } from "~/features/booking/settings-common";
import type { HolidayChange } from "~/features/booking/settings-schema";

const HOLIDAY_DONE: Record<HolidayChange["intent"], string> = {
  "holiday-reopen": HOLIDAY_MESSAGES.reopened,
  "holiday-close": HOLIDAY_MESSAGES.closed,
  "patron-add": HOLIDAY_MESSAGES.patronAdded,
  "patron-remove": HOLIDAY_MESSAGES.patronRemoved,
};
/** The patron saint form's field a refusal is shown next to. */
const HOLIDAY_FIELDS: Partial<Record<HolidayRefusal, string>> = { studioInvalid: "studioKey", patronExists: "day" };

/** The holidays' forms of the booking settings: the change, then its answer. */
export async function holidaysAnswer(
  request: Request,
  s: AppServices,
  input: HolidayChange,
  studioKeys: string[],
  reply: (fieldErrors: Record<string, string[]>) => SettingsResult["reply"],
) {
  const result = await holidaysAction(s, input, studioKeys, romeDate(Date.now()));
  if (result.ok) {
    s.logger.info({ intent: input.intent }, "holidays changed");
    return respond<SettingsResult>(
      request,
      s.flash,
      { ok: true, message: HOLIDAY_DONE[input.intent] },
      { redirectTo: `${SETTINGS_PAGE}#festivita-titolo` },
    );
  }
  const { status, message } = HOLIDAY_REFUSALS[result.reason];
  // A patron saint refused is shown next to its field, with the values as typed.
  const field = HOLIDAY_FIELDS[result.reason];
  const answer: SettingsResult =
    input.intent === "patron-add" && field
      ? { ok: false, message, target: "patron", reply: reply({ [field]: [message] }) }
      : { ok: false, message };
  return respond<SettingsResult>(request, s.flash, answer, {
    status,
    redirectTo: answer.reply ? undefined : SETTINGS_PAGE,
  });
}
