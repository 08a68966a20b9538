import { createContext, useContext } from "react";

const ServiceUnavailableContext = createContext(false);

/**
 * Set by the server's render when the database could not answer (a 503): the error page asks to try
 * again shortly, and loads no scripts (there is nothing to hydrate against, and nothing to do).
 */
export const ServiceUnavailableProvider = ServiceUnavailableContext.Provider;
export const useServiceUnavailable = () => useContext(ServiceUnavailableContext);

/** What every error page says then. */
export const SERVICE_UNAVAILABLE_PAGE = {
  title: "Sito momentaneamente non disponibile",
  text: "Stiamo risolvendo un problema tecnico: riprova tra poco.",
};
