/**
 * A request's URL as the log writes it: the path alone (a query may carry a secret, e.g. an
 * invitation link's token), and the agenda feed's token hidden: the path itself is the secret, and
 * anyone reading the log could subscribe to her agenda with it.
 */
export function loggedUrl(url: string | undefined): string | undefined {
  const path = url?.split("?", 1)[0];
  return path?.replace(/^\/agenda\/[^/]+/, "/agenda/[token]");
}
