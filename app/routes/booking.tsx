import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/booking";
import { requestContext, servicesContext } from "~/context";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond, failedAction } from "~/core/forms/respond.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { typedOnly, typedValues } from "~/core/forms/typed-values";
import { movedStudioAddress } from "~/features/site-content/studio-moved.server";
import { bookingPosted, countTimeChosen } from "~/composition/booking-time-chosen.server";
import { readBookingStep } from "~/features/booking/booking-page.server";
import { filledDetails } from "~/features/booking/details-link.server";
import { BookingOff } from "~/features/booking/booking-off";
import { DayAndTimeStep, DetailsStep, PlaceAndTypeStep } from "~/features/booking/booking-steps";
import { bookingSchema, EMPTY_BOOKING_VALUES } from "~/features/booking/booking-schema";
import { type BookingSubmission, managePath, submitBooking } from "~/features/booking/booking-submission.server";
import { BOOKING_FORM_MESSAGES, BOOKING_REFUSALS, WAITING_LIST_MESSAGES } from "~/features/booking/messages";
import { sayRefusal } from "~/core/forms/refusals";
import type { AppServices } from "~/services.server";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import bookingStyles from "~/styles/booking.css?url";
import { bookingSite, NOTE_HINT } from "~/booking-site";
import { useLastActionData } from "~/core/forms/use-last-action-data";

// With JavaScript the free days and times follow every booking as it happens: a time taken meanwhile
// disappears from the page.
export const handle: LiveHandle = { liveTables: ["booking"] };

/** Her details being typed (a time chosen) are left alone: a time taken meanwhile is refused on sending, with the others shown. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const liveRefresh = !formMethod && currentUrl.href === nextUrl.href;
  return liveRefresh && currentUrl.searchParams.has("ora") ? false : defaultShouldRevalidate;
}

// The free times change with every booking: never kept by a cache. A link with `da` fills her details:
// no Referer with it leaves the site.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-cache",
  "Referrer-Policy": "same-origin",
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Prenota una visita", "Scegli la sede, il tipo di visita, il giorno e l'orario che preferisci.", {
    noindex: !args.loaderData || "off" in args.loaderData,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const [settings, { content }] = await Promise.all([s.bookingSettings.get(), s.siteContent.current()]);
  // Until she turns booking on, the address does not exist (a calm page, with her phone).
  if (settings.mode !== "site") return data({ off: true as const, phone: content.contact.phone }, { status: 404 });
  const moved = await movedStudioAddress(s, content, request, "/prenota");
  if (moved) throw redirect(moved, 301);
  const site = bookingSite(content);
  const search = new URL(request.url).searchParams;
  const [step, details] = await Promise.all([
    readBookingStep(s, site.places, search),
    // Opened from "Prenota di nuovo" or a follow-up e-mail: her details, filled at the last step.
    filledDetails(s, search.get("da")),
  ]);
  if (step.step === 3) countTimeChosen(request, context, s.pageViews);
  // The note's hint comes with the data: importing it here would bring booking-site's imports (zod
  // among them) into the page's script.
  return {
    step,
    details,
    waiting: await waitingLink(s, search.get("lista")),
    phone: content.contact.phone,
    noteHint: NOTE_HINT,
    requestAnswerHours: settings.requestAnswerHours,
  };
}

/**
 * A waiting list's link: while valid, her name and e-mail fill the form and the
 * token stays in the steps' links; expired (or booked meanwhile), the page says so and books as usual.
 */
async function waitingLink(s: Pick<AppServices, "waitingList">, token: string | null) {
  if (!token || token.length > 100) return null;
  const entry = await s.waitingList.findByLink(token);
  return entry
    ? { keep: { lista: token }, values: { name: entry.name, email: entry.email, phone: "", note: "", consent: false } }
    : { keep: undefined, notice: WAITING_LIST_MESSAGES.linkExpired };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  context.set(bookingPosted, true);
  const { clientIp } = context.get(requestContext);
  const [settings, { content }] = await Promise.all([s.bookingSettings.get(), s.siteContent.current()]);
  if (settings.mode !== "site") throw data(null, { status: 404 });
  const submission = parseSubmission(await readForm(request), bookingSchema);
  // A refused booking comes back with the fields she typed, as typed (Conform's reply).
  if (submission.status !== "success") {
    const refused = refusal(submission, BOOKING_FORM_MESSAGES.failed);
    const { answer, status } = await publicRefusal(
      s.rateLimiter,
      clientIp,
      { answer: refused, status: 400 },
      sayRefusal(BOOKING_REFUSALS, "rateLimited", { reply: typedOnly(refused.reply) }),
    );
    return respond<ActionResult>(request, s.flash, answer, { status });
  }
  const typed = typedOnly(submission.reply());
  let result: BookingSubmission;
  try {
    result = await submitBooking(s, submission.value, { ...bookingSite(content), clientIp });
  } catch (error) {
    const failed = failedAction(s.logger, error, "booking failed");
    return respond<ActionResult>(
      request,
      s.flash,
      { ok: false, message: BOOKING_FORM_MESSAGES.failed, reply: typed },
      failed,
    );
  }
  if (!result.ok) {
    const { answer, status } = sayRefusal(BOOKING_REFUSALS, result.reason, { reply: typed });
    return respond<ActionResult>(request, s.flash, answer, { status });
  }
  // Post, redirect, get: her own page, with the toast; a reload books nothing twice.
  // With or without JavaScript: her page is the answer (a fetch follows the redirect too).
  const message = result.value.status === "pending" ? BOOKING_FORM_MESSAGES.requested : BOOKING_FORM_MESSAGES.confirmed;
  return respond(
    request,
    s.flash,
    { ok: true, message },
    { redirectTo: managePath(result.value.manageToken), redirectAlways: true },
  );
}

export default function BookingPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept across live refreshes, which would otherwise wipe a refused form's messages.
  const actionData = useLastActionData(answered);
  if ("off" in loaderData) return <BookingOff phone={loaderData.phone} />;
  const { step, details, waiting } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  // Kept in every link of the steps: her signed details (`da`), a waiting list's link (`lista`).
  const carry = { ...(details ? { da: details.ref } : {}), ...waiting?.keep };
  return (
    <div className="page booking-page">
      <Stylesheet href={bookingStyles} />
      <Link to="/home" className="back-link">
        <span aria-hidden="true">←</span> Torna alla home
      </Link>
      <h1>Prenota una visita</h1>
      <p className="booking-lead">
        Tre passaggi: dove e quale visita, il giorno e l'orario, i tuoi dati. Preferisci telefonare? Chiama il{" "}
        <a href={`tel:${loaderData.phone.replace(/[^\d+]/g, "")}`}>{loaderData.phone}</a>.
      </p>
      {step.step === 1 ? <PlaceAndTypeStep step={step} carry={carry} /> : null}
      {waiting && "notice" in waiting ? (
        <p className="booking-notice" role="status">
          {waiting.notice}
        </p>
      ) : null}
      {step.step === 2 ? <DayAndTimeStep step={step} notice={refused?.message} carry={carry} /> : null}
      {step.step === 3 ? (
        <DetailsStep
          step={step}
          values={
            typedValues(refused?.reply, EMPTY_BOOKING_VALUES) ??
            (waiting && "values" in waiting
              ? waiting.values
              : details
                ? { ...details, note: "", consent: false }
                : undefined)
          }
          carry={carry}
          reply={refused?.reply}
          message={refused?.message}
          noteHint={loaderData.noteHint}
          requestAnswerHours={loaderData.requestAnswerHours}
        />
      ) : null}
    </div>
  );
}
