/**
 * An Atom 1.0 document written as text only: every title, summary and name is escaped character
 * data with `type="text"`, so no reader renders what she typed as markup (the `feed` library wrote
 * them as HTML inside CDATA, which a second `]]>` broke out of).
 */
export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  updated: Date;
  author: { name: string; uri: string };
  alternate: string;
  self: string;
  entries: AtomEntry[];
}

export interface AtomEntry {
  id: string;
  title: string;
  summary: string;
  link: string;
  updated: Date;
  published: Date;
  categories: string[];
  image?: string;
}

// Characters XML 1.0 does not allow at all (most control characters, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export const xmlText = (value: string) => value.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const element = (name: string, value: string, attributes = "") => `<${name}${attributes}>${xmlText(value)}</${name}>`;
const link = (href: string, rel?: string, type?: string) =>
  `<link${rel ? ` rel="${rel}"` : ""} href="${xmlText(href)}"${type ? ` type="${type}"` : ""}/>`;
const TEXT = ' type="text"';

function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return extension === "jpg" || extension === "jpeg" ? "image/jpeg" : `image/${extension ?? "webp"}`;
}

export function atomXml(feed: AtomFeed): string {
  const entries = feed.entries.map((entry) =>
    [
      "<entry>",
      element("title", entry.title, TEXT),
      element("id", entry.id),
      link(entry.link, "alternate"),
      entry.image ? link(entry.image, "enclosure", imageType(entry.image)) : "",
      element("updated", entry.updated.toISOString()),
      element("published", entry.published.toISOString()),
      element("summary", entry.summary, TEXT),
      ...entry.categories.map((label) => `<category term="${xmlText(label)}" label="${xmlText(label)}"/>`),
      "</entry>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="it">',
    element("id", feed.id),
    element("title", feed.title, TEXT),
    element("subtitle", feed.subtitle, TEXT),
    element("updated", feed.updated.toISOString()),
    `<author>${element("name", feed.author.name)}${element("uri", feed.author.uri)}</author>`,
    link(feed.alternate, "alternate"),
    link(feed.self, "self"),
    element("rights", feed.author.name, TEXT),
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
