import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/booking-manage";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { manageSchema } from "~/features/booking/booking-schema";
import { cancelByLink, managePath, moveByLink } from "~/features/booking/booking-submission.server";
import { readManagePage } from "~/features/booking/manage-page.server";
import { ManageScreen } from "~/features/booking/manage-screen";
import { BOOKING_FORM_MESSAGES, BOOKING_MESSAGES, BOOKING_REFUSALS } from "~/features/booking/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import bookingStyles from "~/styles/booking.css?url";
import { bookingSite } from "~/booking-site";
import { useLastActionData } from "~/core/forms/use-last-action-data";

// Moving her visit, the free days and times follow other bookings as they happen (with JavaScript).
export const handle: LiveHandle = { liveTables: ["booking"] };

// Her link's page: private to her, never cached, never indexed; no Referer with the token leaves the site
// ("no-referrer" would also make the browser send "Origin: null", which the forgery guard refuses).
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "La tua prenotazione", "Vedi, sposta o annulla la tua visita.", { noindex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const page = await readManagePage(s, params.token, bookingSite(content).places, new URL(request.url).searchParams);
  if (!page) throw data(BOOKING_MESSAGES.linkInvalid, { status: 404 });
  return { page, phone: content.contact.phone, confirmingCancel: new URL(request.url).searchParams.has("annulla") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), manageSchema);
  if (submission.status !== "success")
    return respond(request, s.flash, { ok: false, message: BOOKING_MESSAGES.unavailable }, { status: 409 });
  const { content } = await s.siteContent.current();
  const site = bookingSite(content);
  const input = submission.value;
  const result =
    input.intent === "cancel"
      ? await cancelByLink(s, params.token, site)
      : await moveByLink(s, params.token, input.ora, site);
  // No appointment has this link (never had, or the retention purge deleted it): the link's 404 page.
  if (!result.ok && result.reason === "unknown") throw data(BOOKING_MESSAGES.linkInvalid, { status: 404 });
  if (!result.ok) {
    const { answer, status } = sayRefusal(BOOKING_REFUSALS, result.reason);
    return respond(request, s.flash, answer, { status });
  }
  const message =
    input.intent === "cancel"
      ? BOOKING_FORM_MESSAGES.cancelled
      : result.value === "pending"
        ? BOOKING_FORM_MESSAGES.movedRequest
        : BOOKING_FORM_MESSAGES.moved;
  return respond(
    request,
    s.flash,
    { ok: true, message },
    { redirectTo: managePath(params.token), redirectAlways: true },
  );
}

export default function BookingManage({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept across live refreshes, which would otherwise wipe a refused form's messages.
  const actionData = useLastActionData(answered);
  return (
    <>
      <Stylesheet href={bookingStyles} />
      <ManageScreen
        page={loaderData.page}
        phone={loaderData.phone}
        confirmingCancel={loaderData.confirmingCancel}
        message={actionData && !actionData.ok ? actionData.message : undefined}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const unknownLink = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page booking-page">
      <h1>{unknownLink ? "Link non valido" : "Si è verificato un errore"}</h1>
      <p>{unknownLink ? BOOKING_MESSAGES.linkInvalid : "Riprova tra qualche minuto o chiama lo studio."}</p>
    </div>
  );
}
