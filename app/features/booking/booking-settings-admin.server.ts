import { type Result, refused, succeeded } from "~/core/result";
import type { BookingSettingsRepository } from "./booking-settings.server";
import type { OnlineRoomRepository } from "./online-rooms.server";
import { euroToCents, type SettingsChange } from "./settings-schema";
import type { TimeOffRepository } from "./time-off.server";
import type { VisitTypeRepository } from "./visit-types.server";

export interface BookingSettingsDeps {
  bookingSettings: BookingSettingsRepository;
  visitTypes: VisitTypeRepository;
  timeOff: TimeOffRepository;
  onlineRooms: OnlineRoomRepository;
}

/** Why a change of the settings screen was not made; the route says it (messages.ts, BOOKING_SETTINGS_REFUSALS). */
export type SettingsRefusal = "studioInvalid" | "typeMissing" | "typeInUse" | "timeOffMissing" | "notOnline";

/** One change from the settings screen, by its `intent`, the form already parsed. */
export async function bookingSettingsAction(
  deps: BookingSettingsDeps,
  input: SettingsChange,
  /** The studios' keys a visit type may name. */
  studioKeys: readonly string[],
): Promise<Result<undefined, SettingsRefusal>> {
  switch (input.intent) {
    case "settings": {
      const { intent: _intent, reminderTime, ...numbers } = input;
      await deps.bookingSettings.save({ ...numbers, reminderTime: `${reminderTime}:00` });
      return succeeded();
    }
    case "type-create":
    case "type-update": {
      const { intent, id, price, ...data } = input;
      if (data.studioKeys.some((key) => !studioKeys.includes(key))) return refused("studioInvalid");
      const values = { ...data, priceCents: price === undefined ? null : euroToCents(price) };
      if (intent === "type-create") {
        await deps.visitTypes.create(values);
        return succeeded();
      }
      return id && (await deps.visitTypes.update(id, values)) ? succeeded() : refused("typeMissing");
    }
    case "timeoff-add": {
      const { startsOn, endsOn, label } = input;
      await deps.timeOff.add({ startsOn, endsOn: endsOn ?? startsOn, label: label ?? null });
      return succeeded();
    }
    case "type-move":
      // Already first or last: nothing to change, the order stands as shown.
      return (await deps.visitTypes.move(input.id, input.direction)) === "missing"
        ? refused("typeMissing")
        : succeeded();
    case "timeoff-remove":
      return (await deps.timeOff.delete(input.id)) ? succeeded() : refused("timeOffMissing");
    case "online-room": {
      // Item 7: her room, a room per appointment on her server, or none.
      const { visitTypeId, kind, url, providerName } = input;
      if (kind === "none") {
        await deps.onlineRooms.remove(visitTypeId);
        return succeeded();
      }
      const saved = await deps.onlineRooms.save(visitTypeId, { kind, url: url!, providerName: providerName! });
      return saved === "saved" ? succeeded() : refused(saved === "missing" ? "typeMissing" : "notOnline");
    }
    case "type-delete": {
      const deleted = await deps.visitTypes.delete(input.id);
      return deleted === "deleted" ? succeeded() : refused(deleted === "in_use" ? "typeInUse" : "typeMissing");
    }
  }
}
