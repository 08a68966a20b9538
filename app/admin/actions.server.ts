import { data, redirect } from "react-router";
import type { ChangeEvent } from "~/events/event-bus.server";
import { flashCookie, type Flash } from "~/lib/flash.server";
import type { AppServices } from "~/services.server";

/** What an admin action answers: fetchers read it as data, a page without JavaScript gets it as a toast after a redirect. */
export interface ActionResult {
  ok: boolean;
  message: string;
}

/**
 * A form posted by the browser itself (no JavaScript) is answered with a
 * redirect and a flash (post/redirect/get, so a reload does not post again);
 * a fetcher gets the result as data.
 */
export function respond(request: Request, result: ActionResult, options: { status?: number; redirectTo: string }) {
  if (request.headers.get("sec-fetch-mode") === "navigate") {
    const flash: Flash = { kind: result.ok ? "success" : "error", message: result.message };
    return redirect(options.redirectTo, { headers: { "Set-Cookie": flashCookie(flash) } });
  }
  return data(result, { status: options.status ?? (result.ok ? 200 : 400) });
}

/** Tells every open page about a change. The write already happened, so a failure here is logged, not reported. */
export async function publishChange(s: AppServices, event: ChangeEvent): Promise<void> {
  try {
    await s.bus.publish(event);
  } catch (error) {
    s.logger.error({ err: error, event }, "could not publish change");
  }
}
