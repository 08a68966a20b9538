import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { readForm, respond } from "~/core/forms/respond.server";
import { NEWSLETTER_MESSAGES as M } from "~/features/newsletter/messages";
import { isTokenShaped } from "~/features/newsletter/newsletter.server";
import newsletterStyles from "~/styles/newsletter.css?url";
import { pageMeta } from "~/features/site-content/meta";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import { Stylesheet } from "~/ui/stylesheet";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Conferma l'iscrizione", "Conferma l'iscrizione alla newsletter.", { noindex: true });

/**
 * The e-mailed confirmation link. Opening it shows a button: a mail server's link scanner that opens
 * every link subscribes no one; the button's post confirms (again: the same answer).
 */
export async function loader({ params }: Route.LoaderArgs) {
  return { known: isTokenShaped(params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  await readForm(request, 1024);
  const outcome = await s.newsletter.confirm(params.token);
  const message =
    outcome === "confirmed" ? M.confirmed : outcome === "alreadyConfirmed" ? M.alreadyConfirmed : M.confirmUnknown;
  return respond(
    request,
    s.flash,
    { ok: outcome !== "unknown", message },
    { status: outcome === "unknown" ? 404 : 200 },
  );
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const result = useLastActionData(actionData);
  return (
    <section className="newsletter-page" aria-labelledby="newsletter-confirm-title">
      <Stylesheet href={newsletterStyles} />
      <h1 id="newsletter-confirm-title">Conferma l'iscrizione alla newsletter</h1>
      {result ? (
        <>
          <p role="status">{result.message}</p>
          <p>
            <Link to="/home">Torna al sito</Link>
          </p>
        </>
      ) : loaderData.known ? (
        <Form method="post">
          <p>Premi il pulsante per confermare che vuoi ricevere la newsletter a questo indirizzo.</p>
          <button type="submit" className="button">
            Conferma l'iscrizione
          </button>
        </Form>
      ) : (
        <p role="status">{M.confirmUnknown}</p>
      )}
    </section>
  );
}
