import { data, Link } from "react-router";
import type { Route } from "./+types/prenotazioni";
import { servicesContext } from "~/context";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { formatEuro, formatItalianDateTime, formatItalianDay } from "~/core/format/italian-format";
import { romeDate } from "~/core/format/rome-clock";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { ONLINE_PLACE } from "~/features/booking/booking-schema";
import { bookingSettingsAction } from "~/features/booking/booking-settings-admin.server";
import { createCalendarFeed, revokeCalendarFeed } from "~/features/booking/calendar-feed.server";
import {
  BOOKING_SETTINGS_DONE_MESSAGES,
  BOOKING_SETTINGS_MESSAGES,
  BOOKING_SETTINGS_REFUSALS,
  CALENDAR_FEED_MESSAGES,
  WAITING_LIST_MESSAGES,
} from "~/features/booking/messages";
import { isHolidayChange, settingsActionSchema, settingsActionSchemaFor } from "~/features/booking/settings-schema";
import { calendarSourceView } from "~/features/booking/calendar-sources-admin.server";
import { CALENDAR_SOURCES_TARGET, CalendarSourcesSection } from "~/features/booking/calendar-sources-section";
import { isCalendarSourceInput } from "~/features/booking/calendar-sources-schema";
import { WEEKDAY_NAMES } from "~/features/booking/waiting-list-form";
import { WaitingListSection } from "~/features/booking/waiting-list-section";
import { type CalendarFeedResult, CalendarFeedSection } from "~/features/booking/calendar-feed-section";
import { SETTINGS_PAGE, type SettingsResult } from "~/features/booking/settings-common";
import { SettingsForm } from "~/features/booking/settings-form";
import { TimeOffSection } from "~/features/booking/time-off-section";
import { HolidaysSection } from "~/features/booking/holidays-section";
import { holidaysView } from "~/features/booking/holidays-admin.server";
import { VisitTypesSection } from "~/features/booking/visit-types-section";
import { holidaysAnswer } from "~/composition/admin/booking-holidays-answer.server";
import { calendarSourcesAnswer } from "~/composition/admin/booking-sources-answer.server";
import { OnlineVisitsSection, onlineRoomTarget } from "~/features/booking/online-visits-section";
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
  const [settings, types, days, studios, feedSince, sources, rooms, waiting] = await Promise.all([
    s.bookingSettings.get(),
    s.visitTypes.listAll(),
    s.timeOff.listFrom(romeDate(Date.now())),
    studiosOf(context),
    s.calendarFeed.activeSince(),
    s.calendarSources.list(),
    s.onlineRooms.listAll(),
    s.waitingList.list(),
  ]);
  const roomOf = new Map(rooms.map((room) => [room.visitTypeId, room]));
  const now = new Date();
  const holidays = await holidaysView(s, studios, romeDate(now.getTime()));
  const placeName = (key: string | null) =>
    key === null ? "online" : (studios.find((studio) => studio.key === key)?.name ?? key);
  return data({
    calendarSources: sources.map((source) => calendarSourceView(source, studios, now)),
    calendarHttpAllowed: s.config.calendarFetchAllowPrivate,
    holidays,
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
    // Item 7: how each online type's visit happens.
    onlineVisits: types
      .filter((type) => type.online)
      .map((type) => {
        const room = roomOf.get(type.id);
        return {
          visitTypeId: type.id,
          name: type.name,
          kind: room?.kind ?? ("none" as const),
          url: room?.url ?? "",
          providerName: room?.providerName ?? "",
        };
      }),
    waiting: waiting.map((entry) => ({
      id: entry.id,
      name: entry.name,
      email: entry.email,
      what: `${entry.visitTypeName}, ${placeName(entry.studioKey)}`,
      preferences: `${entry.weekdays.map((day) => WEEKDAY_NAMES[day - 1]![1]).join(", ")} · ${entry.dayParts.join(", ")}`,
      since: formatItalianDay(romeDate(entry.createdAt.getTime())),
      notified:
        entry.notifiedUntil && entry.notifiedUntil.getTime() > Date.now()
          ? `link inviato, valido fino al ${formatItalianDateTime(entry.notifiedUntil.toISOString())}`
          : null,
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

const studioKeysOf = async (s: Pick<Route.LoaderArgs["context"], "get">) =>
  (await studiosOf(s)).map((studio) => studio.key);

/** The form an answer belongs to: the settings, the new visit type, a visit type by its id, the time off; a button has none. */
function targetOf(payload: Record<string, unknown>): string | undefined {
  const { intent, id } = payload;
  if (intent === "settings") return "settings";
  if (intent === "type-create") return "new-type";
  if (intent === "type-update") return typeof id === "string" ? id : "";
  if (intent === "timeoff-add") return "timeoff";
  if (intent === "source-add") return CALENDAR_SOURCES_TARGET;
  if (intent === "patron-add") return "patron";
  if (intent === "online-room")
    return onlineRoomTarget(typeof payload.visitTypeId === "string" ? payload.visitTypeId : "");
  return undefined;
}

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
  if (isCalendarSourceInput(input))
    return calendarSourcesAnswer(request, s, input, await studioKeysOf(context), target, (fieldErrors) =>
      submission.reply({ fieldErrors }),
    );
  if (isHolidayChange(input))
    return holidaysAnswer(request, s, input, await studioKeysOf(context), (fieldErrors) =>
      submission.reply({ fieldErrors }),
    );
  if (input.intent === "waiting-remove") {
    const removed = await s.waitingList.remove(input.id);
    return respond<SettingsResult>(
      request,
      s.flash,
      { ok: removed, message: removed ? WAITING_LIST_MESSAGES.removed : WAITING_LIST_MESSAGES.missing },
      { status: removed ? 200 : 404, redirectTo: SETTINGS_PAGE },
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
      {
        ok: true,
        message:
          input.intent === "online-room" && input.kind === "none"
            ? BOOKING_SETTINGS_MESSAGES.roomRemoved
            : BOOKING_SETTINGS_DONE_MESSAGES[input.intent],
      },
      { redirectTo: SETTINGS_PAGE },
    );
  }
  const { message, status } = BOOKING_SETTINGS_REFUSALS[result.reason];
  // A studio not hers is shown next to the places, with the values as typed.
  const reply =
    result.reason === "studioInvalid" ? submission.reply({ fieldErrors: { studioKeys: [message] } }) : undefined;
  return respond<SettingsResult>(
    request,
    s.flash,
    { ok: false, message, target, reply },
    { status, redirectTo: reply ? undefined : SETTINGS_PAGE },
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
      <OnlineVisitsSection types={loaderData.onlineVisits} result={actionData} />
      <TimeOffSection days={loaderData.timeOff} result={actionData} />
      <CalendarSourcesSection
        sources={loaderData.calendarSources}
        studios={loaderData.studios}
        allowHttp={loaderData.calendarHttpAllowed}
        result={actionData}
      />
      <HolidaysSection {...loaderData.holidays} studios={loaderData.studios} result={actionData} />
      <CalendarFeedSection activeSince={loaderData.feedActiveSince} result={actionData} />
      <WaitingListSection entries={loaderData.waiting} expiryDays={loaderData.settings.waitingListExpiryDays} />
    </>
  );
}
