import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import baseStyles from "~/app.css?url";
import errorPageStyles from "~/styles/error-page.css?url";
import fontStyles from "~/styles/fonts.css?url";
import { stylesheetText } from "~/styles/stylesheets.server";

/**
 * A whole page in the error page's look, its sheets written in (nothing to fetch) and no scripts:
 * what the server answers when it cannot or must not serve the site itself.
 */
export function staticPageHtml({
  title,
  noindex,
  children,
}: {
  title: string;
  noindex?: boolean;
  children: ReactNode;
}) {
  const css = [baseStyles, errorPageStyles].map((href) => stylesheetText(href) ?? "").join("\n");
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="theme-color" content="#3f6137" />
        <title>{title}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheets, no visitor's text. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main className="error-page" id="main">
          <h1>{title}</h1>
          {children}
        </main>
        <link rel="stylesheet" href={fontStyles} />
      </body>
    </html>,
  )}`;
}
