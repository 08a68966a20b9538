import type { Executor } from "~/core/db/database.server";
import type { Mailer } from "~/core/mail/mailer.server";
import type { AppointmentRecord } from "./appointments.server";
import { patientReviewInviteNotice } from "./booking-notices";

/** A new review invitation's personal link, and for how many days it is valid. */
export interface ReviewInvitationLink {
  url: string;
  validDays: number;
}

/**
 * The port to the reviews' invitations, given by the composition (booking imports no other
 * feature): makes an invitation, in the caller's transaction, with the patient's name prefilled.
 */
export type CreateReviewInvitation = (
  executor: Executor,
  input: { patientName: string },
) => Promise<ReviewInvitationLink>;

export interface ReviewInviteDeps {
  createReviewInvitation: CreateReviewInvitation;
  mailer: Pick<Mailer, "queueTo">;
}

/** The write that goes with marking a visit invited: the invitation and its e-mail, in that transaction. */
export function inviteWrite(deps: ReviewInviteDeps, practitionerName: string) {
  return async (appointment: AppointmentRecord, tx: Executor) => {
    const link = await deps.createReviewInvitation(tx, { patientName: appointment.patientName });
    const notice = patientReviewInviteNotice({ patientName: appointment.patientName, practitionerName, ...link });
    await deps.mailer.queueTo(appointment.patientEmail, notice, tx);
  };
}
