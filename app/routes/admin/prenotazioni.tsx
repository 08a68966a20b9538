import { data, Link } from "react-router";
import type { Route } from "./+types/prenotazioni";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { formatEuro, formatItalianDateTime, formatItalianDay } from "~/core/format/italian-format";
import { romeDate } from "~/core/format/rome-clock";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { ONLINE_PLACE } from "~/features/booking/booking-schema";
import { bookingSettingsAction, type SettingsRefusal } from "~/features/booking/booking-settings-admin.server";
import { createCalendarFeed, revokeCalendarFeed } from "~/features/booking/calendar-feed.server";
import {
  BOOKING_SETTINGS_DONE_MESSAGES,
  BOOKING_SETTINGS_MESSAGES,
  BOOKING_SETTINGS_REFUSAL_MESSAGES,
  CALENDAR_FEED_MESSAGES,
  CALENDAR_SOURCE_MESSAGES,
  calendarFailureText,
} from "~/features/booking/messages";
import { settingsActionSchema, settingsActionSchemaFor } from "~/features/booking/settings-schema";
import {
  calendarSourceAction,
  type CalendarSourceDone,
  type CalendarSourceRefusal,
  calendarSourceView,
} from "~/features/booking/calendar-sources-admin.server";
import { CALENDAR_SOURCES_TARGET, CalendarSourcesSection } from "~/features/booking/calendar-sources-section";
import { isCalendarSourceInput } from "~/features/booking/calendar-sources-schema";
import { type CalendarFeedResult, CalendarFeedSection } from "~/features/booking/calendar-feed-section";
import { SETTINGS_PAGE, type SettingsResult } from "~/features/booking/settings-common";
import { SettingsForm } from "~/features/booking/settings-form";
import { TimeOffSection } from "~/features/booking/time-off-section";
import { VisitTypesSection } from "~/features/booking/visit-types-section";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import adminBookingStyles from "~/styles/admin-booking.css?url";
import { bookingSite } from "~/booking-site";
import { useLastActionData } from "~/core/forms/use-last-action-data";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminBookingStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Impostazioni delle prenotazioni", "Tipi di visita, orari prenotabili e giorni di chiusura.", {
    noindex: true,
  });

export const handle: LiveHandle = { liveTables: ["booking"] };

/** The studios a visit type can be offered at, from the site content (the online visits apart). */
async function studiosOf(s: Pick<Route.LoaderArgs["context"], "get">) {
  const { content } = await s.get(servicesContext).siteContent.current();
  return bookingSite(content)
    .places.filter((place) => place.key !== ONLINE_PLACE)
    .map((place) => ({ key: place.key, name: place.name }));
}

const priceText = (cents: number | null) =>
  cents === null ? "" : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace(".", ",");

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [settings, types, days, studios, feedSince, sources] = await Promise.all([
    s.bookingSettings.get(),
    s.visitTypes.listAll(),
    s.timeOff.listFrom(romeDate(Date.now())),
    studiosOf(context),
    s.calendarFeed.activeSince(),
    s.calendarSources.list(),
  ]);
  const now = new Date();
  return data({
    calendarSources: sources.map((source) => calendarSourceView(source, studios, now)),
    calendarHttpAllowed: s.config.calendarFetchAllowPrivate,
    feedActiveSince: feedSince ? formatItalianDateTime(feedSince.toISOString()) : null,
    settings: { ...settings, reminderTime: settings.reminderTime.slice(0, 5) },
    studios,
    types: types.map((type) => ({
      id: type.id,
      name: type.name,
      durationMinutes: type.durationMinutes,
      price: priceText(type.priceCents),
      showPrice: type.showPrice,
      confirmation: type.confirmation,
      studioKeys: type.studioKeys,
      online: type.online,
      active: type.active,
      summary: [
        `${type.durationMinutes} minuti`,
        type.priceCents === null ? null : `${formatEuro(type.priceCents)}${type.showPrice ? "" : " (non mostrato)"}`,
        type.confirmation === "immediate" ? "confermata subito" : "su richiesta",
        type.active ? null : "non prenotabile",
      ]
        .filter(Boolean)
        .join(" · "),
    })),
    timeOff: days.map((day) => ({
      id: day.id,
      text: [
        day.startsOn === day.endsOn
          ? formatItalianDay(day.startsOn)
          : `Dal ${formatItalianDay(day.startsOn)} al ${formatItalianDay(day.endsOn)}`,
        day.label,
      ]
        .filter(Boolean)
        .join(": "),
    })),
  });
}

/** The form an answer belongs to: the settings, the new visit type, a visit type by its id, the time off; a button has none. */
function targetOf({ intent, id }: Record<string, unknown>): string | undefined {
  if (intent === "settings") return "settings";
  if (intent === "type-create") return "new-type";
  if (intent === "type-update") return typeof id === "string" ? id : "";
  if (intent === "timeoff-add") return "timeoff";
  if (intent === "source-add") return CALENDAR_SOURCES_TARGET;
  return undefined;
}

const REFUSAL_STATUS: Record<SettingsRefusal, number> = {
  studio_invalid: 400,
  type_missing: 404,
  type_in_use: 409,
  time_off_missing: 404,
};

/** The calendar feed's part of the screen: a new address, shown on this answer only, or the feed switched off. */
async function feedAnswer(s: Parameters<typeof createCalendarFeed>[0], intent: "feed-create" | "feed-revoke") {
  if (intent === "feed-create") {
    const feedUrl = await createCalendarFeed(s);
    return { ok: true, target: "feed", message: CALENDAR_FEED_MESSAGES.created, feedUrl };
  }
  const revoked = await revokeCalendarFeed(s);
  return revoked.ok
    ? { ok: true, target: "feed", message: CALENDAR_FEED_MESSAGES.revoked }
    : { ok: false, target: "feed", message: CALENDAR_FEED_MESSAGES.noneToRevoke };
}

/** Her calendars: what a change or a read came to, in Italian. */
function calendarSourcesAnswer(done: CalendarSourceDone) {
  const M = CALENDAR_SOURCE_MESSAGES;
  const read = done.read;
  const readText = !read
    ? ""
    : read.status === "read"
      ? M.read(read.busy.length)
      : read.status === "not_modified"
        ? M.unchanged
        : M.readFailed(calendarFailureText(read.reason, read.httpStatus));
  if (done.intent === "source-remove") return { ok: true, message: M.removed };
  if (done.intent === "source-add") return { ok: true, message: `${M.added} ${readText}` };
  return { ok: read?.status !== "failed", message: readText };
}

const SOURCE_REFUSALS: Record<CalendarSourceRefusal, { message: string; status: number; field?: string }> = {
  too_many: { message: CALENDAR_SOURCE_MESSAGES.tooMany, status: 409 },
  studio_invalid: { message: CALENDAR_SOURCE_MESSAGES.studioInvalid, status: 400, field: "studioKeys" },
  place_needed: { message: CALENDAR_SOURCE_MESSAGES.placeNeeded, status: 400, field: "studioKeys" },
  missing: { message: CALENDAR_SOURCE_MESSAGES.missing, status: 404 },
};

/** Plain http for her calendars only where CALENDAR_FETCH_ALLOW_PRIVATE allows it. */
const settingsActionSchemaWithHttp = settingsActionSchemaFor(true);

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(
    await readForm(request),
    s.config.calendarFetchAllowPrivate ? settingsActionSchemaWithHttp : settingsActionSchema,
  );
  const target = targetOf(submission.payload);
  if (submission.status !== "success") {
    // A form refused field by field is shown again with its values; a button's refusal goes back to the screen.
    const answer = target
      ? { ...refusal(submission, BOOKING_SETTINGS_MESSAGES.invalid), target }
      : { ok: false, message: BOOKING_SETTINGS_MESSAGES.invalid };
    return respond<SettingsResult>(request, s.flash, answer, {
      status: 400,
      redirectTo: target ? undefined : SETTINGS_PAGE,
    });
  }
  const input = submission.value;
  if (input.intent === "feed-create" || input.intent === "feed-revoke") {
    const answer = await feedAnswer(s, input.intent);
    // Never the address itself: it is a secret.
    s.logger.info({ intent: input.intent }, "agenda feed changed");
    // The new address is shown on this answer only (no redirect: it cannot be shown again).
    return respond<CalendarFeedResult>(request, s.flash, answer, {
      status: answer.ok ? 200 : 409,
      redirectTo: answer.feedUrl ? undefined : SETTINGS_PAGE,
    });
  }
  if (isCalendarSourceInput(input)) {
    const studioKeys = (await studiosOf(context)).map((studio) => studio.key);
    const deps = { ...s, allowPrivate: s.config.calendarFetchAllowPrivate };
    const result = await calendarSourceAction(deps, input, studioKeys);
    // The calendar's id and what came of it; never its address, a secret.
    s.logger.info(
      { intent: input.intent, ok: result.ok, read: result.ok ? result.value.read?.status : undefined },
      "calendar sources changed",
    );
    // A read that failed is still 200: it was made and its failure recorded, so the screen reloads to show it.
    if (result.ok)
      return respond<SettingsResult>(request, s.flash, calendarSourcesAnswer(result.value), {
        status: 200,
        redirectTo: SETTINGS_PAGE,
      });
    const { message, status, field } = SOURCE_REFUSALS[result.reason];
    const reply = field ? submission.reply({ fieldErrors: { [field]: [message] } }) : undefined;
    return respond<SettingsResult>(
      request,
      s.flash,
      { ok: false, message, target, reply },
      { status, redirectTo: reply ? undefined : SETTINGS_PAGE },
    );
  }
  const studios = await studiosOf(context);
  const result = await bookingSettingsAction(
    s,
    input,
    studios.map((studio) => studio.key),
  );
  if (result.ok) {
    s.logger.info({ intent: input.intent }, "booking settings changed");
    return respond<SettingsResult>(
      request,
      s.flash,
      { ok: true, message: BOOKING_SETTINGS_DONE_MESSAGES[input.intent] },
      { redirectTo: SETTINGS_PAGE },
    );
  }
  const message = BOOKING_SETTINGS_REFUSAL_MESSAGES[result.reason];
  // A studio not hers is shown next to the places, with the values as typed.
  const reply =
    result.reason === "studio_invalid" ? submission.reply({ fieldErrors: { studioKeys: [message] } }) : undefined;
  return respond<SettingsResult>(
    request,
    s.flash,
    { ok: false, message, target, reply },
    { status: REFUSAL_STATUS[result.reason], redirectTo: reply ? undefined : SETTINGS_PAGE },
  );
}

export default function AdminBookingSettings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept across live refreshes, which would otherwise wipe a refused form's messages.
  const actionData = useLastActionData(answered);
  return (
    <>
      <h1 className="admin__title">Impostazioni delle prenotazioni</h1>
      <p className="agenda-links">
        <Link to="/admin/agenda" className="button button--secondary button--small">
          Torna all'agenda
        </Link>
      </p>
      <SettingsForm values={loaderData.settings} result={actionData} />
      <VisitTypesSection types={loaderData.types} studios={loaderData.studios} result={actionData} />
      <TimeOffSection days={loaderData.timeOff} result={actionData} />
      <CalendarSourcesSection
        sources={loaderData.calendarSources}
        studios={loaderData.studios}
        allowHttp={loaderData.calendarHttpAllowed}
        result={actionData}
      />
      <CalendarFeedSection activeSince={loaderData.feedActiveSince} result={actionData} />
    </>
  );
}
