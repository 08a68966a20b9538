import { createContext, useContext } from "react";

/**
 * Server render only: the text of a stylesheet by its URL (app/styles/stylesheets.server.ts),
 * so the document carries the sheets its page uses instead of linking them.
 */
export const StylesheetTextContext = createContext<((href: string) => string | undefined) | null>(null);

/** The sheets the first document carried inline, read once when the browser loads the app. */
const inlineInDocument: ReadonlySet<string> = new Set(
  typeof document === "undefined"
    ? []
    : Array.from(document.querySelectorAll<HTMLStyleElement>("style[data-href]"), (style) =>
        (style.dataset.href ?? "").split(" "),
      ).flat(),
);

/**
 * The one way a route or a component loads its stylesheet: render it where the sheet is used.
 * The server writes the sheet into the <head> of the document (nothing to fetch before the first
 * paint; React writes each sheet once, in render order); in the browser that inline sheet is kept,
 * and a sheet the first document did not carry is linked when a later navigation needs it
 * (React shows the new page once the sheet has loaded).
 */
export function Stylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetTextContext)?.(href);
  if (text !== undefined || inlineInDocument.has(href)) {
    return (
      <style href={href} precedence="default">
        {text ?? ""}
      </style>
    );
  }
  return <link rel="stylesheet" href={href} precedence="default" />;
}
