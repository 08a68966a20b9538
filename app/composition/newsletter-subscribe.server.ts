import type { RouterContextProvider } from "react-router";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { sayRefusal } from "~/core/forms/refusals";
import { NEWSLETTER_MESSAGES as M, SUBSCRIBE_REFUSALS } from "~/features/newsletter/messages";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter-actions.server";
import { subscribeSchema } from "~/features/newsletter/newsletter-schema";
import { requestContext, servicesContext } from "~/context";

/**
 * A subscription, on the page its form is on (the newsletter's own, or an article's: the reader
 * stays on it). The answer is that page with the message: no redirect, so no cookie is set.
 */
export async function subscribeAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const s = context.get(servicesContext);
  const answer = (result: ActionResult, status: number) => respond(request, s.flash, result, { status });
  const read = await readForm(request, { maxBytes: 4 * 1024, refusals: "returned" });
  const { clientIp } = context.get(requestContext);
  const refuse = async (result: ActionResult, status: number) => {
    const rateLimited = sayRefusal(SUBSCRIBE_REFUSALS, "rateLimited");
    const refused = await publicRefusal(s.rateLimiter, clientIp, { answer: result, status }, rateLimited);
    return answer(refused.answer, refused.status);
  };
  if (!read.ok) return refuse({ ok: false, message: read.message }, read.status);
  const submission = parseSubmission(read.form, subscribeSchema);
  if (submission.status !== "success") return refuse(refusal(submission, M.invalid), 400);
  const result = await subscribeToNewsletter(s, {
    email: submission.value.email,
    clientIp,
    siteUrl: s.config.siteUrl,
    practitionerName: (await s.siteContent.current()).content.practitioner.name,
  });
  if (!result.ok) {
    const { answer: refused, status } = sayRefusal(SUBSCRIBE_REFUSALS, result.reason);
    return answer(refused, status);
  }
  return answer({ ok: true, message: M.checkMail }, 200);
}
