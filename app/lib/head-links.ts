import type { LinkDescriptor } from "react-router";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import sourceSansLatin from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url";

/**
 * Preloads for the two Latin font files app.css declares (same files, so the same hashed URLs):
 * fetched with the page instead of after the CSS, so font-display: optional can use them at first paint.
 */
export const fontPreloads: LinkDescriptor[] = [frauncesLatin, sourceSansLatin].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
}));

/**
 * A render-blocking stylesheet React places before the script preloads in <head> (React 19 "precedence"):
 * without it, the browser asks for the CSS after a dozen JavaScript modules and the first paint waits.
 */
export function stylesheet(href: string): LinkDescriptor {
  return { rel: "stylesheet", href, precedence: "default" } as LinkDescriptor;
}
