import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { refusal } from "~/core/forms/respond.server";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { BOOKING_SETTINGS_MESSAGES as M } from "./messages";
import {
  euroToCents,
  moveTypeSchema,
  removeSchema,
  settingsSchema,
  timeOffSchema,
  visitTypeSchema,
} from "./settings-schema";
import type { TimeOffRepository } from "./time-off.server";
import type { VisitTypeRepository } from "./visit-types.server";

export interface BookingSettingsDeps {
  bookingSettings: BookingSettingsRepository;
  visitTypes: VisitTypeRepository;
  timeOff: TimeOffRepository;
}

/** An answer of the settings screen; `target` names the form it belongs to ("settings", "new-type", a type's id, "timeoff"). */
export type SettingsActionResult = ActionResult & { status: number; target?: string };

const done = (message: string): SettingsActionResult => ({ ok: true, status: 200, message });

/** One change from the settings screen, by the form's `intent`; nothing is saved unless every field is right. */
export async function bookingSettingsAction(
  deps: BookingSettingsDeps,
  form: FormData,
  /** The studios' keys a visit type may name. */
  studioKeys: readonly string[],
): Promise<SettingsActionResult> {
  const intent = form.get("intent");
  if (intent === "settings") {
    const parsed = parseSubmission(form, settingsSchema);
    if (parsed.status !== "success") return { ...refusal(parsed, M.invalid), status: 400, target: "settings" };
    const { intent: _intent, reminderTime, ...numbers } = parsed.value;
    await deps.bookingSettings.save({ ...numbers, reminderTime: `${reminderTime}:00` });
    return done(M.saved);
  }
  if (intent === "type-create" || intent === "type-update") {
    const parsed = parseSubmission(form, visitTypeSchema);
    const target = intent === "type-create" ? "new-type" : String(form.get("id") ?? "");
    if (parsed.status !== "success") return { ...refusal(parsed, M.invalid), status: 400, target };
    const { intent: _intent, id, price, ...data } = parsed.value;
    if (data.studioKeys.some((key) => !studioKeys.includes(key)))
      return {
        ok: false,
        status: 400,
        target,
        message: M.studioInvalid,
        reply: parsed.reply({ fieldErrors: { studioKeys: [M.studioInvalid] } }),
      };
    const values = { ...data, priceCents: price === undefined ? null : euroToCents(price) };
    if (intent === "type-create") {
      await deps.visitTypes.create(values);
      return done(M.typeCreated);
    }
    if (!id || !(await deps.visitTypes.update(id, values)))
      return { ok: false, status: 404, target, message: M.typeMissing };
    return done(M.typeSaved);
  }
  if (intent === "timeoff-add") {
    const parsed = parseSubmission(form, timeOffSchema);
    if (parsed.status !== "success") return { ...refusal(parsed, M.invalid), status: 400, target: "timeoff" };
    const { startsOn, endsOn, label } = parsed.value;
    await deps.timeOff.add({ startsOn, endsOn: endsOn ?? startsOn, label: label ?? null });
    return done(M.timeOffAdded);
  }
  if (intent === "type-move") {
    const parsed = parseSubmission(form, moveTypeSchema);
    if (parsed.status !== "success") return { ok: false, status: 400, message: M.invalid };
    const moved = await deps.visitTypes.move(parsed.value.id, parsed.value.direction);
    // Already first or last: nothing to change, the order stands as shown.
    return moved === "missing" ? { ok: false, status: 404, message: M.typeMissing } : done(M.typeMoved);
  }
  const parsed = parseSubmission(form, removeSchema);
  if (parsed.status !== "success") return { ok: false, status: 400, message: M.invalid };
  if (parsed.value.intent === "timeoff-remove")
    return (await deps.timeOff.delete(parsed.value.id))
      ? done(M.timeOffRemoved)
      : { ok: false, status: 404, message: M.timeOffMissing };
  const deleted = await deps.visitTypes.delete(parsed.value.id);
  if (deleted === "deleted") return done(M.typeDeleted);
  return deleted === "in_use"
    ? { ok: false, status: 409, message: M.typeInUse }
    : { ok: false, status: 404, message: M.typeMissing };
}
