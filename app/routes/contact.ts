import type { Route } from "./+types/contact";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { CONTACT_FORM_MESSAGES, CONTACT_REFUSALS } from "~/features/site-content/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { contactSchema } from "~/features/site-content/contact-schema";
import { submitContactMessage } from "~/features/site-content/contact-submission.server";
import { requestContext, servicesContext } from "~/context";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The contact form when e-mail is configured: the message is queued in the outbox. The page's
 * script gets the answer in place; a plain post comes back to the contact section with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  const back = "/home#contatti";
  const answer = (ok: boolean, message: string, status: number) =>
    respond(request, s.flash, { ok, message }, { status, redirectTo: back });
  // Too large or unreadable is the form's refusal, counted as one (decision 47).
  const read = await readForm(request, { maxBytes: MAX_BODY_BYTES, refusals: "returned" });
  if (!s.mailer.enabled) return answer(false, CONTACT_FORM_MESSAGES.failed, 503);
  const { clientIp } = context.get(requestContext);
  const refuse = async (result: ActionResult, status: number) => {
    const rateLimited = sayRefusal(CONTACT_REFUSALS, "rateLimited");
    const refused = await publicRefusal(s.rateLimiter, clientIp, { answer: result, status }, rateLimited);
    return respond(request, s.flash, refused.answer, { status: refused.status, redirectTo: back });
  };
  if (!read.ok) return refuse({ ok: false, message: read.message }, read.status);
  const submission = parseSubmission(read.form, contactSchema);
  if (submission.status !== "success") return refuse(refusal(submission, CONTACT_FORM_MESSAGES.failed), 400);
  const result = await submitContactMessage(s, { message: submission.value, clientIp });
  if (!result.ok) {
    const { answer: refused, status } = sayRefusal(CONTACT_REFUSALS, result.reason);
    return respond(request, s.flash, refused, { status, redirectTo: back });
  }
  return answer(true, CONTACT_FORM_MESSAGES.sent, 200);
}
