import type { Submission } from "@conform-to/react";
import type { ActionResult } from "~/core/forms/action-result";
import { refusal } from "~/core/forms/respond.server";
import type { BookingDeps } from "~/features/booking/booking-submission.server";
import { refuseBooking } from "~/features/booking/booking-submission.server";

/**
 * A patient's form (the booking, the waiting list) refused by its schema: counted against the
 * client's refusals, answered with the fields' messages and the values as typed, or 429 when that
 * client refused too often.
 */
export async function refusedPatientForm<V>(
  deps: Pick<BookingDeps, "rateLimiter">,
  clientIp: string,
  submission: Submission<unknown>,
  values: V,
  messages: { rateLimited: string; failed: string },
): Promise<{ answer: ActionResult & { values: V }; status: 400 | 429 }> {
  const { reason } = await refuseBooking(deps, clientIp);
  const limited = reason === "rateLimited";
  const answer = limited ? { ok: false, message: messages.rateLimited } : refusal(submission, messages.failed);
  return { answer: { ...answer, values }, status: limited ? 429 : 400 };
}
