/**
 * A request's URL as the log writes it: the path alone (a query may carry a secret, e.g. an
 * invitation link's token), and the tokens that are paths hidden: whoever read the log could
 * subscribe to her agenda with the feed's, or cancel a patient's visit with her link's.
 */
export function loggedUrl(url: string | undefined): string | undefined {
  const path = url?.split("?", 1)[0];
  return path
    ?.replace(/^\/agenda\/[^/]+/, "/agenda/[token]")
    .replace(/^\/prenota\/gestisci\/[^/]+/, "/prenota/gestisci/[token]");
}
