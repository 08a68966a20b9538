import { data, Link } from "react-router";
import type { Route } from "./+types/agenda";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { romeDate } from "~/core/format/rome-clock";
import { requireAdmin } from "~/features/account/admin-auth.server";
import {
  AgendaDays,
  type AgendaResult,
  PhoneBookingForm,
  RecentVisits,
  RequestList,
} from "~/features/booking/agenda-screen";
import { AGENDA_PAGE, agendaActionSchema } from "~/features/booking/agenda-schema";
import { agendaAction, type AgendaRefusal } from "~/features/booking/agenda.server";
import { agendaWeek, loadAgenda, loadRecentVisits, loadRequests } from "~/features/booking/agenda-view.server";
import { AGENDA_DONE_MESSAGES, AGENDA_MESSAGES, AGENDA_REFUSALS } from "~/features/booking/messages";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import adminBookingStyles from "~/styles/admin-booking.css?url";
import { bookingSite } from "~/booking-site";
import { useLastActionData } from "~/core/forms/use-last-action-data";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminBookingStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Agenda", "Gli appuntamenti di oggi e dei prossimi giorni.", { noindex: true });

/** A booking from the site, or a change in another tab, refreshes the agenda. */
export const handle: LiveHandle = { liveTables: ["booking"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const now = new Date();
  const [{ content }, types, settings] = await Promise.all([
    s.siteContent.current(),
    s.visitTypes.listAll(),
    s.bookingSettings.get(),
  ]);
  const site = bookingSite(content);
  const week = agendaWeek(new URL(request.url).searchParams.get("settimana"), settings.horizonDays);
  return data({
    requests: await loadRequests(s, site, now),
    page: await loadAgenda(s, site, now, week),
    recent: await loadRecentVisits(s, site, now),
    today: romeDate(now.getTime()),
    places: site.places.map((place) => ({ value: place.key, label: place.name })),
    visitTypes: types
      .filter((type) => type.active)
      .map((type) => ({ value: type.id, label: `${type.name} (${type.durationMinutes} minuti)` })),
  });
}

/** The field of the move or phone-booking form a refusal is shown next to (with the values as typed). */
const REFUSAL_FIELDS: Partial<Record<AgendaRefusal, string>> = {
  taken: "time",
  placeRequired: "place",
  visitTypeRequired: "visitTypeId",
};

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), agendaActionSchema);
  // The form an answer belongs to: an appointment's move form, or the phone booking's; a button has none.
  const { intent, id } = submission.payload;
  const target = intent === "book" ? "book" : intent === "move" && typeof id === "string" ? id : undefined;
  if (submission.status !== "success") {
    // A form refused field by field is shown again with its values; a button's refusal goes back to the agenda.
    const answer = target
      ? { ...refusal(submission, AGENDA_MESSAGES.invalid), target }
      : { ok: false, message: AGENDA_MESSAGES.invalid };
    return respond<AgendaResult>(request, s.flash, answer, {
      status: 400,
      redirectTo: target ? undefined : AGENDA_PAGE,
    });
  }
  const input = submission.value;
  const { content } = await s.siteContent.current();
  const result = await agendaAction(s, input, bookingSite(content));
  if (result.ok) {
    s.logger.info({ intent: input.intent }, "agenda changed");
    return respond<AgendaResult>(
      request,
      s.flash,
      { ok: true, message: AGENDA_DONE_MESSAGES[input.intent] },
      { redirectTo: AGENDA_PAGE },
    );
  }
  const { message, status } = AGENDA_REFUSALS[result.reason];
  const field = target ? REFUSAL_FIELDS[result.reason] : undefined;
  const answer: AgendaResult = field
    ? { ok: false, message, target, reply: submission.reply({ fieldErrors: { [field]: [message] } }) }
    : { ok: false, message, target };
  return respond<AgendaResult>(request, s.flash, answer, {
    status,
    redirectTo: answer.reply ? undefined : AGENDA_PAGE,
  });
}

export default function AdminAgenda({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept across live refreshes, which would otherwise wipe a refused form's messages.
  const actionData = useLastActionData(answered);
  const { requests, page } = loaderData;
  return (
    <>
      <h1 className="admin__title">Agenda</h1>
      <p className="admin-section__lead">
        {requests.length > 0
          ? requests.length === 1
            ? "Una richiesta aspetta la tua risposta."
            : `${requests.length} richieste aspettano la tua risposta.`
          : "Nessuna richiesta da confermare."}
      </p>
      <p className="agenda-links">
        <a href="#nuovo-appuntamento" className="button button--secondary button--small">
          Aggiungi un appuntamento
        </a>{" "}
        <Link to="/admin/prenotazioni" className="button button--secondary button--small">
          Impostazioni delle prenotazioni
        </Link>
      </p>
      <RequestList requests={requests} result={actionData} />
      <h2 className="admin-section__title" id="settimane">
        Dal {page.from} al {page.to}
      </h2>
      <AgendaDays page={page} result={actionData} visitTypes={loaderData.visitTypes} />
      <RecentVisits days={loaderData.recent} visitTypes={loaderData.visitTypes} />
      <PhoneBookingForm
        places={loaderData.places}
        visitTypes={loaderData.visitTypes}
        today={loaderData.today}
        result={actionData}
      />
    </>
  );
}
