import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/publish";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { servicesContext } from "~/context";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { formatItalianDay } from "~/core/format/italian-format";
import { pageMeta } from "~/features/site-content/meta";
import { PUBLICATION_MESSAGES, publicationSchema } from "~/features/site-content/publication-form";
import { isLoopbackSite } from "~/features/site-content/publication.server";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";
import type { LiveHandle } from "~/ui/live-updates";
import { loadExamplesLeft } from "~/composition/admin/examples-left.server";
import { PUBLISH_PATH } from "~/composition/admin/todo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Pubblica il sito", "Che cosa resta d'esempio, e la pubblicazione del sito.", { noindex: true });

/** Published from another tab or device, a detail or a question replaced: the screen follows. */
export const handle: LiveHandle = { liveTables: ["site_publication", "site_content", "faq"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [left, publishedAt] = await Promise.all([loadExamplesLeft(s), s.publication.publishedAt()]);
  return data({
    left,
    // Her day, in Italy, whatever the server's zone.
    publishedAt: publishedAt ? new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(publishedAt) : null,
    loopback: isLoopbackSite(s.config.siteUrl),
    siteUrl: s.config.siteUrl,
    // Without JavaScript, "Rimetti in preparazione" asks here, in the page.
    confirmingUnpublish: new URL(request.url).searchParams.get("conferma") === "ritira",
  });
}

/** Publishes (refused while a legal detail is the example's) or puts the site back in preparation. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), publicationSchema);
  if (submission.status !== "success")
    return respond(request, s.flash, { ok: false, message: "Richiesta non valida: invia il modulo dalla pagina." });
  if (submission.value.intent === "unpublish") {
    await s.publication.unpublish();
    return respond(
      request,
      s.flash,
      { ok: true, message: PUBLICATION_MESSAGES.unpublished },
      { redirectTo: PUBLISH_PATH },
    );
  }
  const legal = (await loadExamplesLeft(s)).filter((item) => item.legal);
  // Answered in the page (no redirect): the refusal stays next to the list it names.
  if (legal.length > 0)
    return respond(
      request,
      s.flash,
      { ok: false, message: PUBLICATION_MESSAGES.legalLeft(legal.map((item) => item.label)) },
      { status: 409 },
    );
  // Announced on the bus: every process's gate opens and its page cache is emptied.
  await s.publication.publishSite();
  return respond(request, s.flash, { ok: true, message: PUBLICATION_MESSAGES.published }, { redirectTo: PUBLISH_PATH });
}

export default function PublishSite({ loaderData, actionData }: Route.ComponentProps) {
  const { left, publishedAt, loopback, siteUrl, confirmingUnpublish } = loaderData;
  const legal = left.filter((item) => item.legal);
  // A refusal is said once, in place (its alert), not also as a toast.
  useActionResult(actionData?.ok ? actionData : undefined);
  const refusal = actionData && !actionData.ok ? actionData.message : null;
  return (
    <>
      <h1 className="admin__title">Pubblica il sito</h1>
      <section className="admin-section" aria-labelledby="pubblica-stato">
        <h2 id="pubblica-stato" className="admin-section__title">
          {publishedAt ? "Il sito è pubblicato" : "Il sito è in preparazione"}
        </h2>
        <p className="admin-section__lead">
          {publishedAt
            ? `Pubblicato: ${formatItalianDay(publishedAt)}. Tutti i visitatori vedono il sito.`
            : "I visitatori vedono solo la pagina «Sito in preparazione» e i motori di ricerca non lo indicizzano. Tu, con l'accesso, vedi già tutto il sito com'è."}
        </p>
        {loopback ? (
          <p className="admin-notice" role="note">
            Questo sito risponde a un indirizzo locale ({siteUrl}): è sempre visibile com'è. La pubblicazione conta
            quando il sito ha il suo indirizzo pubblico.
          </p>
        ) : null}
        <p>
          <Link to="/home">Guarda il sito com'è adesso</Link>
        </p>
      </section>

      <section className="admin-section" aria-labelledby="pubblica-esempi">
        <h2 id="pubblica-esempi" className="admin-section__title">
          Dati d'esempio ancora sul sito
        </h2>
        {left.length === 0 ? (
          <p className="admin-empty">Nessun dato d'esempio: tutto quello che il sito dice è tuo.</p>
        ) : (
          <>
            <p className="admin-section__lead">
              Questi dati vengono dall'esempio del primo avvio, o nominano persone e città che non sono le tue. Tocca un
              dato per andare dove lo cambi.
            </p>
            <ExampleList
              id="pubblica-obbligatori"
              title="Da sostituire prima di pubblicare"
              lead="Per legge devono essere i tuoi."
              items={legal}
            />
            <ExampleList
              id="pubblica-altri"
              title={legal.length > 0 ? "Altri dati d'esempio" : "Dati d'esempio"}
              lead="Puoi pubblicare anche se restano, ma compaiono sul sito."
              items={left.filter((item) => !item.legal)}
            />
          </>
        )}
      </section>

      {publishedAt ? (
        <UnpublishSection confirming={confirmingUnpublish} />
      ) : (
        <PublishSection refusal={refusal} legalLeft={legal.length} />
      )}
    </>
  );
}

function ExampleList({
  id,
  title,
  lead,
  items,
}: {
  id: string;
  title: string;
  lead: string;
  items: readonly { label: string; href: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="publish-group">
      <h3 id={id} className="publish-group__title">
        {title}
      </h3>
      <p className="publish-group__lead">{lead}</p>
      <ul className="publish-list">
        {items.map((item) => (
          <li key={`${item.href} ${item.label}`}>
            <Link to={item.href}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PublishSection({ refusal, legalLeft }: { refusal: string | null; legalLeft: number }) {
  const { formProps } = useSchemaForm(publicationSchema, { id: "pubblica" });
  const busy = useNavigation().formAction === PUBLISH_PATH;
  return (
    <section className="admin-section" aria-labelledby="pubblica-azione">
      <h2 id="pubblica-azione" className="admin-section__title">
        Pubblicazione
      </h2>
      {refusal ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {refusal}
        </p>
      ) : legalLeft > 0 ? (
        <p className="admin-section__lead">
          Prima di pubblicare sostituisci i dati obbligatori qui sopra: il nome, l'iscrizione all'albo, la Partita IVA e
          l'e-mail per la privacy devono essere i tuoi.
        </p>
      ) : (
        <p className="admin-section__lead">Con un clic il sito diventa visibile a tutti e ai motori di ricerca.</p>
      )}
      <Form method="post" action={PUBLISH_PATH} {...formProps}>
        <input type="hidden" name="intent" value="publish" />
        <button type="submit" className="button" aria-busy={busy || undefined}>
          Pubblica il sito
        </button>
      </Form>
    </section>
  );
}

function UnpublishSection({ confirming }: { confirming: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(fetcher.data);
  return (
    <section className="admin-section" aria-labelledby="pubblica-ritira">
      <h2 id="pubblica-ritira" className="admin-section__title">
        Rimetti in preparazione
      </h2>
      <p className="admin-section__lead">
        Se devi cambiare molte cose, puoi nascondere di nuovo il sito ai visitatori finché non lo pubblichi di nuovo.
      </p>
      {/* In a paragraph: the section's column would stretch the button across it. */}
      <p>
        <ConfirmButton
          label="Rimetti in preparazione"
          accessibleLabel="Rimetti in preparazione il sito"
          question={PUBLICATION_MESSAGES.unpublishQuestion}
          confirmLabel="Rimetti in preparazione"
          noScriptHref={`${PUBLISH_PATH}?conferma=ritira#pubblica-ritira`}
          onConfirm={() => fetcher.submit({ intent: "unpublish" }, { method: "post", action: PUBLISH_PATH })}
        />
      </p>
      {confirming ? (
        <NoScriptConfirm
          action={PUBLISH_PATH}
          question={PUBLICATION_MESSAGES.unpublishQuestion}
          confirmLabel="Rimetti in preparazione"
          fields={{ intent: "unpublish" }}
          cancelHref={PUBLISH_PATH}
          groupLabel="Conferma: rimetti in preparazione"
        />
      ) : null}
    </section>
  );
}
