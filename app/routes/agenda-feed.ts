import type { Route } from "./+types/agenda-feed";
import { requestContext, servicesContext } from "~/context";
import { bookingSite } from "~/booking-site";
import { CALENDAR_FEED_RATE_LIMIT, calendarFeedFile } from "~/features/booking/calendar-feed.server";

// Her agenda as a calendar subscription: GET /agenda/<token>.ics, outside the admin layout (a
// calendar has no session; the token is the key). Never cached, never indexed, never a referrer.
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  // Counted before the lookup, so guesses are limited like every other request.
  const counted = await s.rateLimiter.take(`agenda-feed:ip:${clientIp}`, CALENDAR_FEED_RATE_LIMIT);
  if (!counted.allowed) {
    return plain(429, "Troppe richieste", { "Retry-After": String(Math.ceil(counted.retryAfterMs / 1000)) });
  }
  // An address without ".ics" gets the same answer as a wrong token.
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  const { content } = await s.siteContent.current();
  const site = bookingSite(content);
  const file = await calendarFeedFile(s, {
    token,
    studioNames: new Map(site.places.map((place) => [place.key, place.name])),
    siteUrl: s.config.siteUrl,
    practitionerName: site.practitionerName,
  });
  if (file === null) return plain(404, "Pagina non trovata");
  return new Response(file, {
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/calendar; charset=utf-8" },
  });
}
