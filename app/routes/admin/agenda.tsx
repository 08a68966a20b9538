import { data, Link } from "react-router";
import type { Route } from "./+types/agenda";
import { servicesContext } from "~/context";
import { readForm, respond } from "~/core/forms/respond.server";
import { romeDate } from "~/core/format/rome-clock";
import { requireAdmin } from "~/features/account/admin-auth.server";
import {
  AGENDA_PAGE,
  AgendaDays,
  type AgendaResult,
  PhoneBookingForm,
  RecentVisits,
} from "~/features/booking/agenda-screen";
import { AGENDA_DAYS } from "~/features/booking/agenda-schema";
import { agendaAction, loadAgenda, loadRecentVisits } from "~/features/booking/agenda.server";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import adminBookingStyles from "~/styles/admin-booking.css?url";
import { bookingSite } from "~/booking-site";
import { useAdminTodo } from "./layout";
import { useLastActionData } from "~/core/forms/use-last-action-data";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminBookingStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Agenda", "Gli appuntamenti di oggi e dei prossimi giorni.", { noindex: true });

/** A booking from the site, or a change in another tab, refreshes the agenda. */
export const handle: LiveHandle = { liveTables: ["booking"] };

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const now = new Date();
  const [{ content }, types] = await Promise.all([s.siteContent.current(), s.visitTypes.listAll()]);
  const site = bookingSite(content);
  return data({
    days: await loadAgenda(s, site, now),
    recent: await loadRecentVisits(s, site, now),
    today: romeDate(now.getTime()),
    places: site.places.map((place) => ({ value: place.key, label: place.name })),
    visitTypes: types
      .filter((type) => type.active)
      .map((type) => ({ value: type.id, label: `${type.name} (${type.durationMinutes} minuti)` })),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = await readForm(request);
  const { content } = await s.siteContent.current();
  const { status, ...result } = await agendaAction(s, form, bookingSite(content));
  if (result.ok) s.logger.info({ intent: form.get("intent") }, "agenda changed");
  // A form refused field by field is shown again with its values; anything else goes back to the agenda.
  return respond<AgendaResult>(request, s.flash, result, {
    status,
    redirectTo: result.reply ? undefined : AGENDA_PAGE,
  });
}

export default function AdminAgenda({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept across live refreshes, which would otherwise wipe a refused form's messages.
  const actionData = useLastActionData(answered);
  const { bookingRequests } = useAdminTodo();
  return (
    <>
      <h1 className="admin__title">Agenda</h1>
      <p className="admin-section__lead">
        Oggi e i prossimi {AGENDA_DAYS} giorni.{" "}
        {bookingRequests > 0
          ? bookingRequests === 1
            ? "Una richiesta aspetta la tua risposta."
            : `${bookingRequests} richieste aspettano la tua risposta.`
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
      <AgendaDays days={loaderData.days} result={actionData} />
      <RecentVisits days={loaderData.recent} />
      <PhoneBookingForm
        places={loaderData.places}
        visitTypes={loaderData.visitTypes}
        today={loaderData.today}
        result={actionData}
      />
    </>
  );
}
