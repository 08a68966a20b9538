import { data, Link, redirect } from "react-router";
import { placeFor } from "~/features/booking/place-param";
import { movedStudioAddress } from "./studio-moved.server";
import type { Route } from "./+types/booking-waiting-list";
import { requestContext, servicesContext } from "~/context";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { refusedPatientForm } from "./booking-refused-form.server";
import { useLastActionData } from "~/core/forms/use-last-action-data";
import { BookingOff } from "~/features/booking/booking-off";
import { placeStudioKey } from "~/features/booking/booking-page.server";
import { WAITING_LIST_MESSAGES, WAITING_LIST_REFUSALS } from "~/features/booking/messages";
import { sayRefusal } from "~/core/forms/refusals";
import {
  typedWaitingListValues,
  WaitingListForm,
  WaitingListJoined,
  type WaitingListValues,
} from "~/features/booking/waiting-list-form";
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

type WaitingAnswer = ActionResult & { values?: WaitingListValues };

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const [settings, { content }] = await Promise.all([s.bookingSettings.get(), s.siteContent.current()]);
  if (settings.mode !== "site") throw data(null, { status: 404 });
  const submission = parseSubmission(await readForm(request), waitingListSchema);
  const values = typedWaitingListValues(submission.payload);
  if (submission.status !== "success") {
    const { answer, status } = await refusedPatientForm(s, clientIp, submission, values, {
      rateLimited: WAITING_LIST_MESSAGES.rateLimited,
      failed: WAITING_LIST_MESSAGES.failed,
    });
    return respond<WaitingAnswer>(request, s.flash, answer, { status });
  }
  const result = await joinWaitingList(s, submission.value, { places: bookingSite(content).places, clientIp });
  if (!result.ok) {
    const { answer, status } = sayRefusal(WAITING_LIST_REFUSALS, result.reason, { values });
    return respond<WaitingAnswer>(request, s.flash, answer, { status });
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
          values={refused?.values}
          errors={refused?.reply?.error ?? undefined}
          message={refused?.message}
        />
      )}
    </div>
  );
}
