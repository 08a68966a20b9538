import { timeHoldingStatuses } from "./booking-values";
import { formatItalianDateTime } from "~/core/format/italian-format";
import type { AppointmentRepository } from "./appointments.server";
import type { FreeTime } from "./availability";
import { type BookingPlace, type DayOption, dayOptions, freeDaysFor } from "./booking-page.server";
import { placeParamOfKey } from "./place-param";
import { ONLINE_PLACE } from "./booking-schema";
import type { BookingSettingsRepository } from "./booking-settings.server";
import { BOOK_AGAIN_VALID_DAYS, type DetailsLinks } from "./details-link.server";
import type { VisitTypeRepository } from "./visit-types.server";

const STATUS_LABELS: Record<string, string> = {
  pending: "In attesa di conferma",
  confirmed: "Confermata",
  declined: "Non confermata",
  cancelled: "Annullata",
  no_show: "Non presentata",
};

/** What her link shows: only this appointment, and none of its contacts but what she needs to recognise it. */
export interface ManagedAppointment {
  visitTypeName: string;
  when: string;
  startsAt: string;
  placeName: string;
  address: string | null;
  mapsUrl: string | null;
  status: string;
  statusLabel: string;
  /** Still before the cancellation limit, and holding its time. */
  canChange: boolean;
  /** Past the limit while still holding its time: she calls the studio. */
  tooLate: boolean;
  cancellationLimitHours: number;
  /** Item 7: the online visit's room while the visit holds its time; null otherwise. */
  onlineRoomUrl: string | null;
}

export interface ManagePage {
  appointment: ManagedAppointment;
  /**
   * Once the visit is cancelled or declined: /prenota on the same place and type with her details
   * filled, through a signed reference to this appointment (no personal data in the address).
   */
  bookAgain: string | null;
  /** When she asked to change the time: the days, and the chosen day's free times. */
  change: {
    days: DayOption[];
    day: { date: string; label: string; times: FreeTime[] } | null;
    time: FreeTime | null;
  } | null;
}

/** The page a patient's link opens; undefined for an unknown link. */
export async function readManagePage(
  deps: {
    appointments: AppointmentRepository;
    visitTypes: VisitTypeRepository;
    bookingSettings: BookingSettingsRepository;
    detailsLinks: DetailsLinks;
  },
  token: string,
  places: readonly BookingPlace[],
  params: URLSearchParams,
  now = new Date(),
): Promise<ManagePage | undefined> {
  const found = await deps.appointments.findByManageToken(token);
  if (!found) return undefined;
  const [type, settings] = await Promise.all([deps.visitTypes.get(found.visitTypeId), deps.bookingSettings.get()]);
  const place = places.find((p) => p.key === (found.studioKey ?? ONLINE_PLACE));
  const holds = (timeHoldingStatuses as readonly string[]).includes(found.status);
  const beforeLimit = found.startsAt.getTime() > now.getTime() + settings.cancellationLimitHours * 3_600_000;
  const appointment: ManagedAppointment = {
    visitTypeName: type?.name ?? "Visita",
    when: formatItalianDateTime(found.startsAt.toISOString()),
    startsAt: found.startsAt.toISOString(),
    placeName: place?.name ?? (found.studioKey === null ? "Visita online" : "Studio"),
    address: place?.address ?? null,
    mapsUrl: place?.mapsUrl ?? null,
    status: found.status,
    statusLabel: STATUS_LABELS[found.status] ?? found.status,
    canChange: holds && beforeLimit,
    tooLate: holds && !beforeLimit,
    cancellationLimitHours: settings.cancellationLimitHours,
    onlineRoomUrl: holds ? found.onlineRoomUrl : null,
  };
  const withdrawn = found.status === "cancelled" || found.status === "declined";
  const bookAgain = withdrawn
    ? `/prenota?${new URLSearchParams({
        // By its name's slug today: a studio renamed since the visit is not named the old way.
        sede: placeParamOfKey(places, found.studioKey ?? ONLINE_PLACE),
        visita: found.visitTypeId,
        da: deps.detailsLinks.ref(found.id, BOOK_AGAIN_VALID_DAYS, now),
      })}`
    : null;
  const changing = params.has("cambia") || params.has("giorno") || params.has("ora");
  if (!changing || !appointment.canChange || !place) return { appointment, bookAgain, change: null };
  const days = (await freeDaysFor(deps, found.visitTypeId, place, now)) ?? [];
  const day = days.find((d) => d.date === params.get("giorno") && d.times.length > 0);
  const time = day?.times.find((t) => t.startsAt === params.get("ora")) ?? null;
  return {
    appointment,
    bookAgain,
    change: {
      days: dayOptions(days),
      day: day ? { date: day.date, label: dayOptions([day])[0]!.label, times: day.times } : null,
      time,
    },
  };
}
