import type { Route } from "./+types/contact";
import { PayloadTooLargeError, readFormData } from "~/core/forms/form-data.server";
import { assertFormPost, REQUEST_MESSAGES, respond } from "~/core/forms/respond.server";
import { CONTACT_FORM_MESSAGES } from "~/features/site-content/messages";
import { submitContactMessage } from "~/features/site-content/contact-submission.server";
import { requestContext, servicesContext } from "~/context";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The contact form when e-mail is configured: the message is queued in the outbox. The page's
 * script gets the answer in place; a plain post comes back to the contact section with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertFormPost(request);
  const back = "/home#contatti";
  if (!s.mailer.enabled) {
    return respond(
      request,
      s.flash,
      { ok: false, message: CONTACT_FORM_MESSAGES.failed },
      { status: 503, redirectTo: back },
    );
  }
  const { clientIp } = context.get(requestContext);
  let form: FormData;
  let tooLarge = false;
  try {
    form = await readFormData(request, MAX_BODY_BYTES);
  } catch (error) {
    // Unreadable or too large: refused by the schema as an empty message (and counted as a refusal); too large says so.
    tooLarge = error instanceof PayloadTooLargeError;
    form = new FormData();
  }
  const { status, ...answer } = await submitContactMessage(s, { form, clientIp });
  const result = tooLarge && status === 400 ? { ...answer, message: REQUEST_MESSAGES.tooLarge } : answer;
  return respond(request, s.flash, result, { status: tooLarge && status === 400 ? 413 : status, redirectTo: back });
}
