import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/newsletter";
import type { ActionResult } from "~/core/forms/action-result";
import { NEWSLETTER_MESSAGES as M } from "~/features/newsletter/messages";
import { SubscribeForm } from "~/features/newsletter/subscribe-form";
import { pageMeta } from "~/features/site-content/meta";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import type { loader as rootLoader } from "~/root";
import { subscribeAction } from "~/composition/newsletter-subscribe.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Newsletter", "Iscriviti alla newsletter dello studio: articoli e ricette nuove per e-mail.");

/** The subscription: the footer's form posts here (an article's to the article itself). */
export const action = (args: Route.ActionArgs) => subscribeAction(args);

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
