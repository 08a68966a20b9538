/**
 * Every stylesheet's text by the URL its `?url` import gives, for the server to write the sheets
 * of a page into its document (app/ui/stylesheet.tsx). The same build step makes both,
 * so the URLs are the ones the browser would request.
 */
const urls = import.meta.glob<string>(["../app.css", "./*.css"], { query: "?url", import: "default", eager: true });
const texts = import.meta.glob<string>(["../app.css", "./*.css"], { query: "?inline", import: "default", eager: true });

const textByUrl = new Map(Object.entries(urls).map(([file, url]) => [url, texts[file]]));

export function stylesheetText(href: string): string | undefined {
  return textByUrl.get(href);
}
