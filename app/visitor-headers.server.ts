// The statistics' test of a visitor (not a bot, a prefetch or her own signed-in visit) needs named
// headers and whether she is signed in, which the account feature knows: both read here, for the
// page views (server/page-views.ts) and the booking funnel (composition/booking-time-chosen.server.ts).
import { sessionTokenFromCookie } from "~/features/account/sessions.server";
import type { VisitorHeaders } from "~/features/statistics/counting";

export function visitorHeaders(header: (name: string) => string | undefined): VisitorHeaders {
  return {
    userAgent: header("user-agent"),
    secPurpose: header("sec-purpose"),
    purpose: header("purpose") ?? header("x-moz") ?? header("x-purpose"),
    signedIn: sessionTokenFromCookie(header("cookie")) !== null,
  };
}
