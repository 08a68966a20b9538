import type { SiteContent } from "~/content/site-content";

/** Title and description of a page, in Italian; the practice name is appended to the title. */
export function pageMeta(content: SiteContent | undefined, title: string, description: string) {
  const name = content?.practitioner.name ?? "";
  return [{ title: name ? `${title} | ${name}` : title }, { name: "description", content: description }];
}
