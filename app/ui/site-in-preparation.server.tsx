import { staticPageHtml } from "./static-page.server";

let html: string | undefined;

/**
 * The one page visitors get while a site on a public address is not published yet (decision 73):
 * nothing of the site's content (which may still be the fictional example's), no scripts, kept
 * from search engines. The same for everyone, made once.
 */
export const siteInPreparationHtml = () =>
  (html ??= staticPageHtml({
    title: "Sito in preparazione",
    noindex: true,
    children: (
      <>
        <p>Stiamo preparando questo sito: sarà online a breve.</p>
        <p>Grazie per la pazienza: torna a trovarci tra qualche giorno.</p>
      </>
    ),
  }));
