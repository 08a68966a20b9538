import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/booking-manage";
import { servicesContext } from "~/context";
import { readForm, redirectWithToast, respond } from "~/core/forms/respond.server";
import {
  cancelByLink,
  type BookingActionResult,
  managePath,
  moveByLink,
} from "~/features/booking/booking-submission.server";
import { readManagePage } from "~/features/booking/manage-page.server";
import { ManageScreen } from "~/features/booking/manage-screen";
import { BOOKING_MESSAGES } from "~/features/booking/messages";
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
  return { page, phone: content.contact.phone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const site = bookingSite(content);
  const form = await readForm(request);
  const intent = form.get("intent");
  const ora = form.get("ora");
  const result: BookingActionResult =
    intent === "cancel"
      ? await cancelByLink(s, params.token, site)
      : intent === "move" && typeof ora === "string"
        ? await moveByLink(s, params.token, ora, site)
        : { ok: false, message: BOOKING_MESSAGES.unavailable };
  if (result.ok) {
    return redirectWithToast(
      request,
      s.flash,
      managePath(params.token),
      { kind: "success", message: result.message },
      { status: 303, headers: { "Cache-Control": "no-store" } },
    );
  }
  return respond(request, s.flash, result, { status: 409 });
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
