import { staticPageHtml } from "./static-page.server";

let html: string | undefined;

/**
 * The whole page a visitor gets, with a 503, while the database does not answer (decision 0044),
 * whatever was asked for. The same for everyone, made once; the browser's bundle knows nothing of it.
 */
export const serviceUnavailableHtml = () =>
  (html ??= staticPageHtml({
    title: "Sito momentaneamente non disponibile",
    children: (
      <>
        <p>Stiamo risolvendo un problema tecnico: riprova tra poco.</p>
        <a className="button" href="/home">
          Torna alla home
        </a>
      </>
    ),
  }));
