import type { VisitType } from "./schema";
import { placeFor } from "./place-param";
import { formatEuro, formatItalianDay } from "~/core/format/italian-format";
import type { AppointmentRepository } from "./appointments.server";
import { type FreeDay, type FreeTime, freeDays, type WeeklyHours } from "./availability";
import { ONLINE_PLACE } from "./booking-schema";
import { BOOKING_MESSAGES } from "./messages";
import type { VisitTypeRepository } from "./visit-types.server";

/** A place a patient can book: a studio (its key, name, address and map), or the online visits. */
export interface BookingPlace {
  /** The studio's key, or "online". */
  key: string;
  /** How the address names it, when not by its key (a studio's slug: place-param.ts). */
  slug?: string;
  name: string;
  /** Null for the online visits. */
  address: string | null;
  mapsUrl: string | null;
  hours: WeeklyHours;
}

/** A visit type as the page shows it: duration, and the full price only when she chose to show it. */
export interface VisitOption {
  id: string;
  name: string;
  durationMinutes: number;
  price: string | null;
  /** A request she confirms (or declines), not a time confirmed at once: the last step says so. */
  onRequest: boolean;
}

export interface DayOption {
  date: string;
  label: string;
  count: number;
}

type PlaceView = Omit<BookingPlace, "hours">;

/** Where the page is, from the address: each step a plain GET, its state in the URL. */
export type BookingStep =
  | { step: 1; choices: { place: PlaceView; types: VisitOption[] }[] }
  | {
      step: 2;
      place: PlaceView;
      type: VisitOption;
      days: DayOption[];
      day: { date: string; label: string; times: FreeTime[] } | null;
      /** Why she is back here (the time she chose is gone). */
      notice: string | null;
    }
  | { step: 3; place: PlaceView; type: VisitOption; day: { date: string; label: string }; time: FreeTime };

export const placeStudioKey = (place: string) => (place === ONLINE_PLACE ? null : place);

/** The visit's full price as the site and the patient's e-mails show it ("80,00 €"), only when she shows it. */
export const shownPrice = (type: Pick<VisitType, "showPrice" | "priceCents">): string | null =>
  type.showPrice && type.priceCents !== null ? formatEuro(type.priceCents) : null;

export function visitOption(type: VisitType): VisitOption {
  return {
    id: type.id,
    name: type.name,
    durationMinutes: type.durationMinutes,
    price: shownPrice(type),
    onRequest: type.confirmation === "request",
  };
}

const view = ({ hours: _hours, ...place }: BookingPlace): PlaceView => place;

/** The days she works with at least one free time, and the one chosen (if it is one of them). */
export function dayOptions(days: readonly FreeDay[]): DayOption[] {
  return days
    .filter((day) => day.times.length > 0)
    .map((day) => ({ date: day.date, label: formatItalianDay(day.date), count: day.times.length }));
}

/** The free days of a visit type at a place, as the database holds them now; null when not offered there. */
export async function freeDaysFor(
  deps: { appointments: AppointmentRepository },
  typeId: string,
  place: BookingPlace,
  now: Date,
): Promise<FreeDay[] | null> {
  const input = await deps.appointments.availability(typeId, placeStudioKey(place.key), place.hours, now);
  return input ? freeDays(input) : null;
}

/**
 * The step the address asks for: `sede` and `visita` (a type offered there) lead to the days,
 * `giorno` to that day's free times, `ora` (one of them, still free) to her details. Anything
 * unknown, or a time gone meanwhile, falls back to the step before with the reason.
 */
export async function readBookingStep(
  deps: { appointments: AppointmentRepository; visitTypes: VisitTypeRepository },
  places: readonly BookingPlace[],
  params: URLSearchParams,
  now = new Date(),
): Promise<BookingStep> {
  const place = placeFor(places, params.get("sede"));
  const typeId = params.get("visita") ?? "";
  const offered = place ? await deps.visitTypes.listOffered(placeStudioKey(place.key)) : [];
  const type = offered.find((t) => t.id === typeId);
  if (!place || !type) {
    const choices = await Promise.all(
      places.map(async (p) => ({
        place: view(p),
        types: (await deps.visitTypes.listOffered(placeStudioKey(p.key))).map(visitOption),
      })),
    );
    return { step: 1, choices: choices.filter((choice) => choice.types.length > 0) };
  }
  const days = (await freeDaysFor(deps, type.id, place, now)) ?? [];
  const wanted = params.get("ora");
  const chosenDay = days.find((d) => d.date === params.get("giorno") && d.times.length > 0);
  if (wanted) {
    const day = days.find((d) => d.times.some((t) => t.startsAt === wanted));
    const time = day?.times.find((t) => t.startsAt === wanted);
    if (day && time) {
      return {
        step: 3,
        place: view(place),
        type: visitOption(type),
        day: { date: day.date, label: formatItalianDay(day.date) },
        time,
      };
    }
  }
  return {
    step: 2,
    place: view(place),
    type: visitOption(type),
    days: dayOptions(days),
    day: chosenDay ? { date: chosenDay.date, label: formatItalianDay(chosenDay.date), times: chosenDay.times } : null,
    notice: wanted ? BOOKING_MESSAGES.unavailable : null,
  };
}
