import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "~/core/config/secrets.server";
import type { AppointmentRepository } from "./appointments.server";

/** "Prenota di nuovo" on her cancelled visit's page: made afresh at each visit of the page. */
export const BOOK_AGAIN_VALID_DAYS = 7;
/** The follow-up e-mail's link: she may book some weeks after it arrives. */
export const FOLLOW_UP_VALID_DAYS = 60;

/**
 * The reference in a link that opens /prenota with a patient's name, e-mail and phone filled
 * (`?da=`): "<appointment id>.<expiry, seconds>.<HMAC-SHA-256>", signed with a key derived from
 * the site's secret. The address carries no personal data: the booking page reads the details of
 * that appointment on the server. Forged, altered or expired references read as nothing; an
 * appointment deleted since (retention) gives nothing either.
 */
export function createDetailsLinks(secret: string) {
  const key = deriveKey(secret, "booking-details-link");
  const sign = (signed: string) => createHmac("sha256", key).update(signed).digest("base64url");
  return {
    ref(appointmentId: string, validDays: number, now = new Date()): string {
      const signed = `${appointmentId}.${Math.floor(now.getTime() / 1000) + validDays * 86_400}`;
      return `${signed}.${sign(signed)}`;
    },
    /** The appointment a reference names, or null when it is missing, malformed, forged or expired. */
    appointmentOf(ref: string | null | undefined, now = new Date()): string | null {
      if (typeof ref !== "string" || ref.length > 120) return null;
      const match = /^(([0-9a-f-]{36})\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(ref);
      if (!match) return null;
      if (!timingSafeEqual(Buffer.from(sign(match[1]!)), Buffer.from(match[4]!))) return null;
      return Number(match[3]) * 1000 > now.getTime() ? match[2]! : null;
    },
  };
}

export type DetailsLinks = ReturnType<typeof createDetailsLinks>;

/** What a valid reference fills in the booking form, and the reference to keep in the steps' links. */
export interface FilledDetails {
  ref: string;
  name: string;
  email: string;
  phone: string;
}

/**
 * The contact details of the appointment `ref` names, read on the server; null for a reference
 * not valid now or an appointment gone (the page then shows the empty form).
 */
export async function filledDetails(
  deps: { detailsLinks: DetailsLinks; appointments: Pick<AppointmentRepository, "get"> },
  ref: string | null,
  now = new Date(),
): Promise<FilledDetails | null> {
  const id = deps.detailsLinks.appointmentOf(ref, now);
  const found = id ? await deps.appointments.get(id) : undefined;
  return found && ref ? { ref, name: found.patientName, email: found.patientEmail, phone: found.patientPhone } : null;
}
