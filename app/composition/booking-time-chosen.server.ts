// The booking funnel's "times chosen": counted when the booking page's last step, the one
// that shows the time she chose, is loaded by a visitor. Only a number per day goes to the counter
// (written in its batches): nothing about who chose it, nor which time.
import { createContext, type RouterContextProvider } from "react-router";
import { visitorAgent } from "~/features/statistics/counting";
import type { PageCounter } from "~/features/statistics/page-counter.server";
import { visitorHeaders } from "~/visitor-headers.server";

/** Set by the booking action: the loader that runs after it in the same request shows no new choice. */
export const bookingPosted = createContext(false);

/** Counts the chosen time of a GET from a visitor (not a bot, a prefetch or her own signed-in visit). */
export function countTimeChosen(request: Request, context: Readonly<RouterContextProvider>, counter: PageCounter) {
  if (request.method !== "GET" || context.get(bookingPosted)) return;
  const visitor = visitorAgent(visitorHeaders((name) => request.headers.get(name) ?? undefined));
  if (visitor !== null) counter.recordTimeChosen();
}
