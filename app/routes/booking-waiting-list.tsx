import { data, Link, redirect } from "react-router";
import { placeFor } from "~/features/booking/place-param";
import { movedStudioAddress } from "~/features/site-content/studio-moved.server";
import type { Route } from "./+types/booking-waiting-list";
import { requestContext, servicesContext } from "~/context";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { publicRefusal } from "~/core/forms/public-refusal.server";
import { typedOnly, typedValues } from "~/core/forms/typed-values";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import { BookingOff } from "~/features/booking/booking-off";
import { placeStudioKey } from "~/features/booking/booking-page.server";
import { WAITING_LIST_MESSAGES, WAITING_LIST_REFUSALS } from "~/features/booking/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { EMPTY_WAITING_LIST_VALUES, WaitingListForm, WaitingListJoined } from "~/features/booking/waiting-list-form";
import { waitingListSchema } from "~/features/booking/waiting-list-schema";
import { joinWaitingList } from "~/features/booking/waiting-list.server";
import { pageMeta } from "~/features/site-content/meta";
import { Stylesheet } from "~/ui/stylesheet";
import bookingStyles from "~/styles/booking.css?url";
import { bookingSite } from "~/booking-site";

// When no free time suits, a patient leaves her name, e-mail and the weekdays and
// parts of day that suit; the waiting-list job mails her when such a time frees.

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Lista d'attesa", "Ti scriviamo quando si libera un orario adatto a te.", { noindex: true });

/** The address of the confirmation, after the post. */
const JOINED = "/prenota/lista-attesa?iscritto=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const [settings, { content }] = await Promise.all([s.bookingSettings.get(), s.siteContent.current()]);
  if (settings.mode !== "site") return data({ off: true as const, phone: content.contact.phone }, { status: 404 });
  const moved = await movedStudioAddress(s, content, request, "/prenota/lista-attesa");
  if (moved) throw redirect(moved, 301);
  const params = new URL(request.url).searchParams;
  if (params.has("iscritto"))
    return {
      view: "joined" as const,
      joined: { expiryDays: settings.waitingListExpiryDays, linkHours: settings.waitingListLinkHours },
      phone: content.contact.phone,
    };
  const place = placeFor(bookingSite(content).places, params.get("sede"));
  const type = place
    ? (await s.visitTypes.listOffered(placeStudioKey(place.key))).find((t) => t.id === params.get("visita"))
    : undefined;
  // The list is for one visit at one place: without them, the booking's first step chooses.
  if (!place || !type) throw redirect("/prenota");
  return {
    place: { key: place.key, slug: place.slug, name: place.name },
    type: { id: type.id, name: type.name },
    phone: content.contact.phone,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const [settings, { content }] = await Promise.all([s.bookingSettings.get(), s.siteContent.current()]);
  if (settings.mode !== "site") throw data(null, { status: 404 });
  const submission = parseSubmission(await readForm(request), waitingListSchema);
  // A refused form comes back with what she typed or ticked, as typed (Conform's reply).
  if (submission.status !== "success") {
    const refused = refusal(submission, WAITING_LIST_MESSAGES.failed);
    const { answer, status } = await publicRefusal(
      s.rateLimiter,
      clientIp,
      { answer: refused, status: 400 },
      sayRefusal(WAITING_LIST_REFUSALS, "rateLimited", { reply: typedOnly(refused.reply) }),
    );
    return respond<ActionResult>(request, s.flash, answer, { status });
  }
  const result = await joinWaitingList(s, submission.value, { places: bookingSite(content).places, clientIp });
  if (!result.ok) {
    const reply = typedOnly(submission.reply());
    const { answer, status } = sayRefusal(WAITING_LIST_REFUSALS, result.reason, { reply });
    return respond<ActionResult>(request, s.flash, answer, { status });
  }
  return respond(
    request,
    s.flash,
    { ok: true, message: WAITING_LIST_MESSAGES.joined },
    {
      redirectTo: JOINED,
      redirectAlways: true,
    },
  );
}

export default function WaitingListPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData = useLastActionData(answered);
  if ("off" in loaderData) return <BookingOff phone={loaderData.phone} />;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="page booking-page">
      <Stylesheet href={bookingStyles} />
      <Link to="/prenota" className="back-link">
        <span aria-hidden="true">←</span> Torna alla prenotazione
      </Link>
      <h1>Lista d'attesa</h1>
      {loaderData.view === "joined" ? (
        <WaitingListJoined {...loaderData.joined} />
      ) : (
        <WaitingListForm
          place={loaderData.place}
          type={loaderData.type}
          values={typedValues(refused?.reply, EMPTY_WAITING_LIST_VALUES) ?? undefined}
          reply={refused?.reply}
          message={refused?.message}
        />
      )}
    </div>
  );
}
