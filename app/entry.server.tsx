import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
} from "react-router";
import { NonceProvider } from "~/ui/nonce";
import { serviceUnavailableHtml } from "~/ui/service-unavailable.server";
import { StylesheetTextContext } from "~/ui/stylesheet";
import { requestContext, servicesContext } from "~/context";
import { REQUEST_MESSAGES } from "~/core/forms/respond.server";
import { isDatabaseUnavailable, reportDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/core/db/unavailable.server";
import { loggedUrl } from "~/routes-with-tokens";
import { stylesheetText } from "~/styles/stylesheets.server";

export const streamTimeout = 5_000;

/**
 * The requests whose loaders or action failed because the database could not answer: handleError
 * sees the error itself (the render gets it sanitised) and is called before the render.
 */
const databaseUnavailable = new WeakSet<object>();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // "Riprova tra poco" rather than "an error": the page is fine, the database is not (decision 0044).
  if (databaseUnavailable.has(loadContext)) {
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const body = request.method.toUpperCase() === "HEAD" ? null : serviceUnavailableHtml();
    return new Response(body, { status: 503, headers: responseHeaders });
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page posted to without a form (or sent a PUT): the same plain answer as its data request.
  if (responseStatusCode === 405) return methodNotAllowed(responseHeaders.get("Allow"));
  const { cspNonce } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        {/* Each page's stylesheets written into its document: nothing to fetch before the first paint. */}
        <StylesheetTextContext value={stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
        </StylesheetTextContext>
      </NonceProvider>,
      {
        nonce: cspNonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(servicesContext).logger.error({ err: error }, "render failed");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (a visitor navigating away) are not errors; nor are the router's own refusals of
  // a request (a POST to a page without a form is its 405), which the log already shows by status.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // Without a context (the request failed before one was made) there is no logger either.
  if (!context) return console.error(error);
  const { logger } = context.get(servicesContext);
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(context);
    // Not a fault of the site: a warning, once in a while, rather than an error per request.
    return reportDatabaseUnavailable(logger, error);
  }
  // The path alone: a query may carry a secret (an invitation link's token).
  logger.error({ err: error, url: loggedUrl(new URL(request.url).pathname) }, "loader or action failed");
};

/**
 * A data request with a method the route does not take (a POST to a page
 * without a form, a DELETE) gets a plain Italian 405 instead of the router's
 * English note that names our route modules.
 */
export const handleDataRequest: HandleDataRequestFunction = (response) =>
  response.status === 405 ? methodNotAllowed(response.headers.get("Allow")) : response;

function methodNotAllowed(allow: string | null): Response {
  return new Response(REQUEST_MESSAGES.methodNotAllowed, {
    status: 405,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      Allow: allow ?? "GET, HEAD",
    },
  });
}
