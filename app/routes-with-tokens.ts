import { urlForLogs } from "~/core/server/logged-url";

/**
 * The routes of app/routes.ts whose address is the key to something (a patient's visit, her agenda,
 * a subscription): their dynamic segments are never written to the logs. A test fails on a new
 * dynamic route that is neither here nor among the known public ids.
 */
export const TOKEN_ROUTES = [
  "agenda/:file",
  "prenota/gestisci/:token",
  "newsletter/conferma/:token",
  "newsletter/disiscriviti/:token",
] as const;

export const loggedUrl = urlForLogs(TOKEN_ROUTES);
