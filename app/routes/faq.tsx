import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { servicesContext } from "~/context";
import { Breadcrumbs } from "~/features/articles/breadcrumbs";
import { type FaqGroupView, faqPage } from "~/features/faq/faq-page.server";
import { FAQ_PATH } from "~/features/faq/faq-paths";
import { pageMeta } from "~/features/site-content/meta";
import { JsonLd } from "~/ui/json-ld";
import type { LiveHandle } from "~/ui/live-updates";
import { RichTextBody } from "~/ui/rich-text/body";
import { Stylesheet } from "~/ui/stylesheet";
import articlesStyles from "~/styles/articles.css?url";
import faqStyles from "~/styles/faq.css?url";

/** She adds, edits or reorders a question: an open page follows. */
export const handle: LiveHandle = { liveTables: ["faq"] };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Domande frequenti",
    "Le risposte alle domande più frequenti dei pazienti: la prima visita, come prepararsi, le visite online.",
    { canonicalPath: FAQ_PATH },
  );

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  let groups: FaqGroupView[] = [];
  let jsonLd: object[] = [];
  try {
    ({ groups, jsonLd } = faqPage(await s.faq.listGroups(), s.config.siteUrl));
  } catch (error) {
    // A failed read shows the empty page; the rest of the site still works.
    s.logger.error({ err: error }, "reading the FAQ failed");
  }
  return { groups, jsonLd };
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <div className="page articles-page faq-page">
      <Stylesheet href={articlesStyles} />
      <Stylesheet href={faqStyles} />
      {loaderData.jsonLd.map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
      <Breadcrumbs trail={[{ to: "/home", label: "Home" }]} current="Domande frequenti" />
      <header className="articles-page__header">
        <h1>Domande frequenti</h1>
        <p className="articles-page__lead">Le risposte alle domande che i pazienti mi fanno più spesso.</p>
      </header>
      {groups.length ? (
        groups.map((group) => (
          <section key={group.id} className="faq-group" aria-labelledby={`gruppo-${group.id}`}>
            <h2 id={`gruppo-${group.id}`}>{group.name}</h2>
            {group.questions.map((q) => (
              <div key={q.id} className="faq-item" id={q.anchor} tabIndex={-1}>
                <h3 className="faq-item__question">{q.question}</h3>
                <RichTextBody document={q.answer} images={{}} className="faq-item__answer" />
              </div>
            ))}
          </section>
        ))
      ) : (
        <p className="articles-empty">Nessuna domanda per ora: torna a trovarci presto.</p>
      )}
      <p className="faq-page__more">
        Non trovi la tua domanda? <Link to="/home#contatti">Scrivimi o chiamami</Link>: ti rispondo volentieri.
      </p>
    </div>
  );
}
