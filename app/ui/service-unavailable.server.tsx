import { renderToStaticMarkup } from "react-dom/server";
import baseStyles from "~/app.css?url";
import errorPageStyles from "~/styles/error-page.css?url";
import fontStyles from "~/styles/fonts.css?url";
import { stylesheetText } from "~/styles/stylesheets.server";

const TITLE = "Sito momentaneamente non disponibile";

/** The error page's look, its sheets written in (nothing to fetch), and no scripts: nothing to hydrate. */
function ServiceUnavailableDocument() {
  const css = [baseStyles, errorPageStyles].map((href) => stylesheetText(href) ?? "").join("\n");
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3f6137" />
        <title>{TITLE}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheets, no visitor's text. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main className="error-page" id="main">
          <h1>{TITLE}</h1>
          <p>Stiamo risolvendo un problema tecnico: riprova tra poco.</p>
          <a className="button" href="/home">
            Torna alla Home
          </a>
        </main>
        <link rel="stylesheet" href={fontStyles} />
      </body>
    </html>
  );
}

let html: string | undefined;

/**
 * The whole page a visitor gets, with a 503, while the database does not answer (decision 0044),
 * whatever was asked for. The same for everyone, made once; the browser's bundle knows nothing of it.
 */
export const serviceUnavailableHtml = () =>
  (html ??= `<!DOCTYPE html>${renderToStaticMarkup(<ServiceUnavailableDocument />)}`);
