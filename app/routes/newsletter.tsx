import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/newsletter";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { NEWSLETTER_MESSAGES as M, SUBSCRIBE_REFUSALS } from "~/features/newsletter/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter-actions.server";
import { subscribeSchema } from "~/features/newsletter/newsletter-schema";
import { SubscribeForm } from "~/features/newsletter/subscribe-form";
import { pageMeta } from "~/features/site-content/meta";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import type { loader as rootLoader } from "~/root";
import { requestContext, servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Newsletter", "Iscriviti alla newsletter dello studio: articoli e ricette nuove per e-mail.");

/**
 * The subscription: the footer's and the articles' form post here. The answer is
 * this page with the message (a fetcher reads it in place): no redirect, so no cookie is set.
 */
export async function action({ request, context }: Route.ActionArgs) {
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

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const result = useLastActionData<ActionResult>(actionData);
  return (
    <section className="newsletter-page" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title">Newsletter</h1>
      <p>
        Una e-mail con gli articoli e le ricette nuove del sito. Ti chiediamo solo l'indirizzo: nessun altro dato. Ti
        scriviamo prima per confermare, e puoi disiscriverti in ogni momento dal link in fondo a ogni e-mail.
      </p>
      {root.newsletterConsent !== null ? (
        <SubscribeForm consentText={root.newsletterConsent} place="page" result={result} />
      ) : (
        <p role="status">{M.unavailable}</p>
      )}
    </section>
  );
}
