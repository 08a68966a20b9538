import type { ComponentType } from "react";
import { Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/setup";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { EditorForm, EditorSubmitLabel } from "~/features/site-content/editor/fields";
import { ContactFields, PractitionerFields } from "~/features/site-content/editor/practice-fields";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { SETUP_PATH } from "~/features/site-content/editor-groups";
import { ExamplesNotice } from "~/features/site-content/editor/examples-notice";
import { WeekCheck } from "~/features/site-content/editor/week-check";
import { setupFinishSchema } from "~/features/site-content/form-schemas";
import { pageMeta } from "~/features/site-content/meta";
import { finishSetup } from "~/features/site-content/setup.server";
import editorStyles from "~/styles/content-editor.css?url";
import { contentGroupAction, hoursAction, loadEditorData, portraitAction } from "./content-group-action.server";
import HoursEditor from "./content-hours";
import PortraitEditor from "./content-portrait";
import ServicesEditor from "./content-services";
import StudiosEditor from "./content-studios";
import TextsEditor from "./content-texts";
import { useEditorData } from "./content";
import { useAdminTodo } from "./layout";
import { PUBLISH_PATH } from "./todo";

/*
 * "Configurazione iniziale": the editor's own forms, one short step each, saved as
 * she goes (each step publishes like its editor screen, then goes on); every step can be skipped.
 */

const STEPS = [
  { slug: "chi-sei", title: "Chi sei", group: "chi" },
  { slug: "studi", title: "I tuoi studi", group: "studi" },
  { slug: "orari", title: "Orari", group: "orari" },
  { slug: "contatti", title: "Contatti", group: "contatti" },
  { slug: "ritratto", title: "Ritratto", group: "ritratto" },
  { slug: "testi", title: "Testi della home", group: "testi" },
  { slug: "servizi", title: "Servizi", group: "servizi" },
] as const;
const LAST = "fine";

type Step = (typeof STEPS)[number];
const stepPath = (slug: string) => `${SETUP_PATH}/${slug}`;
const nextPath = (index: number) => stepPath(STEPS[index + 1]?.slug ?? LAST);
/** The hours step once saved: the week it published, day by day, to confirm before going on. */
const WEEK_CHECK = "settimana";

/** Where the URL is: a step's index, the closing page (STEPS.length), or nothing (404). */
function stepIndex(slug: string | undefined): number {
  if (slug === LAST) return STEPS.length;
  const index = STEPS.findIndex((step) => step.slug === slug);
  if (index < 0) throw new Response("Passo non trovato", { status: 404 });
  return index;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Configurazione iniziale", "I dati del sito, un passo alla volta.", { noindex: true });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!params.passo) throw redirect(stepPath(STEPS[0].slug));
  const index = stepIndex(params.passo);
  const weekCheck = STEPS[index]?.group === "orari" && new URL(request.url).searchParams.has(WEEK_CHECK);
  return { ...(await loadEditorData(context)), index, weekCheck };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireAdmin(context);
  const index = stepIndex(params.passo);
  const step: Step | undefined = STEPS[index];
  const next = nextPath(index);
  const args = { request, context };
  if (!step) {
    const s = context.get(servicesContext);
    const submission = parseSubmission(await readForm(request), setupFinishSchema);
    if (submission.status !== "success")
      return respond(request, s.flash, refusal(submission, CONTENT_MESSAGES.staleForm), { status: 400 });
    await finishSetup(s.database.db);
    return respond(
      request,
      s.flash,
      { ok: true, message: CONTENT_MESSAGES.setupFinished },
      { redirectTo: "/admin", redirectAlways: true },
    );
  }
  switch (step.group) {
    case "orari":
      return hoursAction(args, `${stepPath(step.slug)}?${WEEK_CHECK}`);
    case "ritratto":
      return portraitAction(args, stepPath(step.slug), next);
    default:
      return contentGroupAction(step.group, args, undefined, next);
  }
}

type StepComponent = ComponentType<{ actionData: unknown }>;
/** An editor screen's own component: it reads nothing of its route's props but the action's answer. */
const screen = (component: unknown) => component as StepComponent;

/** Each step's form: an editor screen's own, or one of the two parts of "Dati dello studio". */
const STEP_FORMS: Record<Step["group"], StepComponent> = {
  chi: WhoStep,
  studi: screen(StudiosEditor),
  orari: screen(HoursEditor),
  contatti: ContactStep,
  ritratto: screen(PortraitEditor),
  testi: screen(TextsEditor),
  servizi: screen(ServicesEditor),
};

type Answer = { reply?: Parameters<typeof useContentForm>[3] } | undefined;

function WhoStep({ actionData }: { actionData: unknown }) {
  const { version, content } = useEditorData();
  const { practitioner, business } = content;
  const reply = (actionData as Answer)?.reply;
  const { form, fields, baseVersion } = useContentForm("chi", version, { practitioner, business }, reply);
  return (
    <section className="content-section" aria-labelledby="chi-titolo">
      <h2 id="chi-titolo" className="admin-section__title">
        Chi sei
      </h2>
      <EditorForm form={form} version={baseVersion}>
        <PractitionerFields practitioner={fields.practitioner} business={fields.business} />
      </EditorForm>
    </section>
  );
}

function ContactStep({ actionData }: { actionData: unknown }) {
  const { version, content } = useEditorData();
  const { contact, links } = content;
  const reply = (actionData as Answer)?.reply;
  const { form, fields, baseVersion } = useContentForm("contatti", version, { contact, links }, reply);
  return (
    <section className="content-section" aria-labelledby="contatti-titolo">
      <h2 id="contatti-titolo" className="admin-section__title">
        Contatti
      </h2>
      <EditorForm form={form} version={baseVersion}>
        <ContactFields contact={fields.contact} links={fields.links} />
      </EditorForm>
    </section>
  );
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { index, left, weekCheck, content } = loaderData;
  const { unpublished } = useAdminTodo();
  const location = useLocation();
  const step = STEPS[index];
  const total = STEPS.length;
  const StepForm = step ? STEP_FORMS[step.group] : null;
  return (
    <div className="content-editor setup">
      <header className="content-editor__header">
        <h1 className="admin__title">Configurazione iniziale</h1>
        <p className="setup__progress">
          {step ? (
            <>
              <strong>
                Passo {index + 1} di {total}
              </strong>
              : {step.title}. Ogni passo si salva e si pubblica da solo; puoi saltarlo e tornarci quando vuoi.
            </>
          ) : (
            <strong>Ultimo controllo</strong>
          )}
        </p>
        <progress className="setup__bar" max={total} value={index} aria-label="Avanzamento della configurazione">
          {index} di {total}
        </progress>
      </header>
      {step && weekCheck ? (
        <WeekCheck
          places={[...content.studios, { name: "Visite online", hours: content.onlineHours }]}
          next={nextPath(index)}
          back={stepPath(step.slug)}
        />
      ) : step && StepForm ? (
        <EditorSubmitLabel.Provider value="Salva e continua">
          <ExamplesNotice left={left.filter((example) => example.group === step.group)} />
          <StepForm key={location.key} actionData={actionData} />
        </EditorSubmitLabel.Provider>
      ) : (
        <>
          <ExamplesNotice left={left} />
          <section className="content-section" aria-labelledby="fine-titolo">
            <h2 id="fine-titolo" className="admin-section__title">
              {left.length === 0 ? "Il sito è tuo" : "Restano alcuni dati d'esempio"}
            </h2>
            <p>
              {left.length === 0
                ? "Sul sito non resta nessun dato d'esempio. Puoi cambiare tutto quando vuoi da «Contenuti del sito»."
                : "Puoi sostituirli anche più tardi: restano elencati in «Da fare» e sopra ogni modulo dei contenuti."}
            </p>
            {unpublished ? (
              <p>
                Finché non lo pubblichi, i visitatori vedono solo «Sito in preparazione»: quando sei pronta,{" "}
                <Link to={PUBLISH_PATH}>pubblica il sito</Link>.
              </p>
            ) : null}
            <Form method="post" className="setup__finish">
              <input type="hidden" name="intent" value="finish" />
              <button type="submit" className="button">
                Concludi la configurazione
              </button>
            </Form>
          </section>
        </>
      )}
      <nav className="setup__nav" aria-label="Passi della configurazione">
        {index > 0 ? <Link to={stepPath(STEPS[index - 1]?.slug ?? STEPS[0].slug)}>Indietro</Link> : null}
        {step && !weekCheck ? <Link to={nextPath(index)}>Salta questo passo</Link> : null}
      </nav>
    </div>
  );
}
