import { redirect } from "react-router";
import type { Route } from "./+types/studio";
import { BookingButton } from "~/composition/booking-call";
import { servicesContext } from "~/context";
import { addDays, romeDate } from "~/core/format/rome-clock";
import { formatItalianDay, formatItalianDayRange } from "~/core/format/italian-format";
import { visitOption } from "~/features/booking/booking-page.server";
import { closesAt, holidaysBetween } from "~/features/booking/holidays";
import { groupOpeningHours } from "~/features/site-content/hours";
import { pageMeta } from "~/features/site-content/meta";
import { formatAddress } from "~/features/site-content/site-content";
import { type StudioClosure, studioJsonLd } from "~/features/site-content/studio-json-ld.server";
import { StudioPage } from "~/features/site-content/studio-page";
import { studioBookingPath, studioPath } from "~/features/site-content/studio-slugs";
import { toStudioPhotoView } from "~/features/site-content/studio-photos.server";
import type { AppServices } from "~/services.server";
import { JsonLd } from "~/ui/json-ld";
import { withShareImage } from "~/ui/share-meta";
import type { LiveHandle } from "~/ui/live-updates";
import { Stylesheet } from "~/ui/stylesheet";
import studioStyles from "~/styles/studio.css?url";

/** How far ahead the page lists the holidays that close the studio. */
const CLOSURES_AHEAD_DAYS = 120;

/** She renames the studio, changes its hours or photos, a visit type or a holiday: an open page follows. */
export const handle: LiveHandle = { liveTables: ["site_content", "studio_photos", "booking"] };

export const meta: Route.MetaFunction = ({ loaderData, ...args }) => {
  if (!loaderData) {
    return pageMeta(args, "Studio non trovato", "Lo studio richiesto non esiste.", { noindex: true });
  }
  const { studio, shareImage } = loaderData;
  const tags = pageMeta(
    args,
    studio.name,
    `${studio.name}, ${formatAddress(studio)}: orari, chiusure, come arrivare e visite prenotabili.`,
  );
  return withShareImage(tags, shareImage, "website");
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const at = await s.studioSlugs.resolve(content.studios, params.slug);
  // Renamed since: its address now, for good (links and search engines follow).
  if (at && "moved" in at) throw redirect(studioPath(at.moved), 301);
  if (!at) throw new Response("Studio non trovato", { status: 404 });
  const { found: studio, slug } = at;
  const [closures, visits, rows] = await Promise.all([
    closuresAhead(s, studio.key),
    visitsAt(s, studio.key, slug),
    s.studioPhotos.list(studio.key),
  ]);
  const photos = rows.map((row) => toStudioPhotoView(s.media, row));
  const absolute = (url: string) => new URL(url, s.config.siteUrl).href;
  return {
    studio,
    hours: groupOpeningHours(studio.hours),
    closures: closures.map((closure) => ({
      ...closure,
      day: closure.until
        ? `Chiuso ${formatItalianDayRange(closure.date, closure.until)}`
        : formatItalianDay(closure.date),
    })),
    visits,
    phone: content.contact.phone,
    photos,
    // The first photo shares the page (Open Graph), the site's image when she has none.
    shareImage: photos[0]
      ? {
          url: absolute(photos[0].image.src),
          width: photos[0].image.width,
          height: photos[0].image.height,
          alt: photos[0].alt,
        }
      : null,
    jsonLd: studioJsonLd(
      content,
      studio,
      slug,
      closures,
      s.config.siteUrl,
      photos.map((photo) => absolute(photo.image.src)),
    ),
  };
}

/**
 * The holidays ahead that close the studio (the nation's and its patron saint's), less the dates she
 * reopened, and her time off not over yet (it closes every studio: she is away), earliest first.
 */
async function closuresAhead(s: AppServices, studioKey: string): Promise<StudioClosure[]> {
  const first = romeDate(Date.now());
  const last = addDays(first, CLOSURES_AHEAD_DAYS);
  const [patrons, reopened, away] = await Promise.all([
    s.holidays.patrons(),
    s.holidays.reopenedBetween(first, last),
    s.timeOff.listFrom(first),
  ]);
  const open = new Set(reopened);
  const closed = new Map<string, StudioClosure>();
  for (const holiday of holidaysBetween(first, last, patrons)) {
    if (closesAt(holiday, studioKey) && !open.has(holiday.date) && !closed.has(holiday.date))
      closed.set(holiday.date, { date: holiday.date, name: holiday.name });
  }
  // Her own label stays hers (it may be private): the page says only that the studio is closed.
  const timeOff = away.map((off) => ({
    date: off.startsOn < first ? first : off.startsOn,
    until: off.endsOn,
    name: "",
  }));
  return [...closed.values(), ...timeOff].sort((a, b) => a.date.localeCompare(b.date));
}

/** The visit types offered there, each booked straight into this studio; null when the site's booking is off. */
async function visitsAt(s: AppServices, studioKey: string, slug: string) {
  const [{ mode }, offered] = await Promise.all([s.bookingSettings.get(), s.visitTypes.listOffered(studioKey)]);
  if (mode !== "site") return null;
  return offered.map((type) => {
    const option = visitOption(type);
    return {
      id: option.id,
      name: option.name,
      detail: `${option.durationMinutes} minuti${option.price ? ` · ${option.price}` : ""}`,
      href: `${studioBookingPath(slug)}&${new URLSearchParams({ visita: option.id })}`,
    };
  });
}

export default function Studio({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={studioStyles} />
      {loaderData.jsonLd.map((data) => (
        <JsonLd key={String(data["@type"])} data={data} />
      ))}
      <StudioPage
        studio={loaderData.studio}
        hours={loaderData.hours}
        closures={loaderData.closures}
        visits={loaderData.visits}
        phone={loaderData.phone}
        photos={loaderData.photos}
        booking={
          <BookingButton external={(links) => links.booking} fallback={<p>Per prenotare chiamami.</p>}>
            Prenota una visita
          </BookingButton>
        }
      />
    </>
  );
}
