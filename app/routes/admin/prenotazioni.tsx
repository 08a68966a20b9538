import { data, Link } from "react-router";
import type { Route } from "./+types/prenotazioni";
import { servicesContext } from "~/context";
import { readForm, respond } from "~/core/forms/respond.server";
import { formatEuro, formatItalianDateTime, formatItalianDay } from "~/core/format/italian-format";
import { romeDate } from "~/core/format/rome-clock";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { ONLINE_PLACE } from "~/features/booking/booking-schema";
import { bookingSettingsAction } from "~/features/booking/booking-settings-admin.server";
import { calendarFeedAction } from "~/features/booking/calendar-feed.server";
import { type CalendarFeedResult, CalendarFeedSection } from "~/features/booking/calendar-feed-section";
import {
  SETTINGS_PAGE,
  SettingsForm,
  type SettingsResult,
  TimeOffSection,
  VisitTypesSection,
} from "~/features/booking/settings-screen";
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
  const [settings, types, days, studios, feedSince] = await Promise.all([
    s.bookingSettings.get(),
    s.visitTypes.listAll(),
    s.timeOff.listFrom(romeDate(Date.now())),
    studiosOf(context),
    s.calendarFeed.activeSince(),
  ]);
  return data({
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

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "feed-create" || intent === "feed-revoke") {
    const { status, ...result } = await calendarFeedAction(s, intent);
    // Never the address itself: it is a secret.
    s.logger.info({ intent }, "agenda feed changed");
    // The new address is shown on this answer only (no redirect: it cannot be shown again).
    return respond<CalendarFeedResult>(request, s.flash, result, {
      status,
      redirectTo: result.feedUrl ? undefined : SETTINGS_PAGE,
    });
  }
  const studios = await studiosOf(context);
  const { status, ...result } = await bookingSettingsAction(
    s,
    form,
    studios.map((studio) => studio.key),
  );
  if (result.ok) s.logger.info({ intent: form.get("intent") }, "booking settings changed");
  // A form refused field by field is shown again with its values; anything else goes back to the screen.
  return respond<SettingsResult>(request, s.flash, result, {
    status,
    redirectTo: result.reply ? undefined : SETTINGS_PAGE,
  });
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
      <CalendarFeedSection activeSince={loaderData.feedActiveSince} result={actionData} />
    </>
  );
}
