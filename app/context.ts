// The typed values the HTTP layer puts in every request's router context.
// A leaf module: it imports nothing of the app at run time, so any module may import it.
import { createContext } from "react-router";
import type { LiveVersions } from "~/core/events/change";
import type { AppServices } from "~/services.server";

/** Everything a loader or action may use; one instance per process (see services.server.ts). */
export const servicesContext = createContext<AppServices>();

/** Per-request facts the HTTP layer knows and loaders need. */
export interface RequestInfo {
  requestId: string;
  /** The client's address; behind a proxy only when TRUST_PROXY says to believe it. */
  clientIp: string;
  cspNonce: string;
  /**
   * Set only when the page cache renders a page to keep: what to write where a form's signed start
   * time goes. The cache puts a freshly signed one there in every response it serves.
   */
  formStartPlaceholder?: string;
  /** The newest change to each live table this process knew of when the request began. */
  liveVersions: LiveVersions;
}

export const requestContext = createContext<RequestInfo>();
