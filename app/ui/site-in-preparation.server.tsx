import { renderToStaticMarkup } from "react-dom/server";
import baseStyles from "~/app.css?url";
import errorPageStyles from "~/styles/error-page.css?url";
import fontStyles from "~/styles/fonts.css?url";
import { stylesheetText } from "~/styles/stylesheets.server";

const TITLE = "Sito in preparazione";

/**
 * The one page visitors get while a site on a public address is not published yet (decision 73):
 * nothing of the site's content (which may still be the fictional example's), no scripts, kept
 * from search engines. Its sheets are written in, as the error page's.
 */
function SiteInPreparationDocument() {
  const css = [baseStyles, errorPageStyles].map((href) => stylesheetText(href) ?? "").join("\n");
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#3f6137" />
        <title>{TITLE}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheets, no visitor's text. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main className="error-page" id="main">
          <h1>{TITLE}</h1>
          <p>Stiamo preparando questo sito: sarà online a breve.</p>
          <p>Grazie per la pazienza: torna a trovarci tra qualche giorno.</p>
        </main>
        <link rel="stylesheet" href={fontStyles} />
      </body>
    </html>
  );
}

let html: string | undefined;

/** The whole page, the same for everyone, made once; the browser's bundle knows nothing of it. */
export const siteInPreparationHtml = () =>
  (html ??= `<!DOCTYPE html>${renderToStaticMarkup(<SiteInPreparationDocument />)}`);
