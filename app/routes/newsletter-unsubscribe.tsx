import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm, respond } from "~/core/forms/respond.server";
import { NEWSLETTER_MESSAGES as M } from "~/features/newsletter/messages";
import newsletterStyles from "~/styles/newsletter.css?url";
import { pageMeta } from "~/features/site-content/meta";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import { Stylesheet } from "~/ui/stylesheet";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Disiscriviti dalla newsletter", "Disiscriviti dalla newsletter dello studio.", { noindex: true });

/** Opening the link only asks (a link scanner unsubscribes no one); the state decides what it asks. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { state: await context.get(servicesContext).newsletter.unsubscribeState(params.token) };
}

/**
 * The unsubscribe: the page's button, or a mail program's one-click POST (RFC 8058: body
 * `List-Unsubscribe=One-Click`, no Origin of ours; the whole-site Origin check lets this path through,
 * decision 64). The body says nothing we need: the token in the address is the key.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  await readForm(request, 1024);
  const outcome = await s.newsletter.unsubscribe(params.token);
  const message =
    outcome === "unsubscribed"
      ? M.unsubscribed
      : outcome === "alreadyUnsubscribed"
        ? M.alreadyUnsubscribed
        : M.unsubscribeUnknown;
  return respond(
    request,
    s.flash,
    { ok: outcome !== "unknown", message },
    { status: outcome === "unknown" ? 404 : 200 },
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = useLastActionData(actionData);
  const { state } = loaderData;
  return (
    <section className="newsletter-page" aria-labelledby="newsletter-unsubscribe-title">
      <Stylesheet href={newsletterStyles} />
      <h1 id="newsletter-unsubscribe-title">Disiscriviti dalla newsletter</h1>
      {result ? (
        <p role="status">{result.message}</p>
      ) : state === "subscribed" ? (
        <Form method="post">
          <p>Premi il pulsante per non ricevere più la newsletter: il tuo indirizzo verrà cancellato.</p>
          <button type="submit" className="button">
            Disiscriviti
          </button>
        </Form>
      ) : (
        <p role="status">{state === "unsubscribed" ? M.alreadyUnsubscribed : M.unsubscribeUnknown}</p>
      )}
      <p>
        <Link to="/home">Torna al sito</Link>
      </p>
    </section>
  );
}
