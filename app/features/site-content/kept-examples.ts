import { defaultSiteContent } from "./defaults";
import type { SiteContent } from "./site-content";

/*
 * An example detail is either someone else's (her name, number, contacts: she can only replace it),
 * or generic wording she may well make hers (a text, the title, a figure of the home): that one she
 * keeps with one tap, and keeping it marks it hers (`kept`), so it leaves the list of examples.
 */

/** The example details she may keep as they are, by their form field's name. */
export const KEEPABLE = [
  "practitioner.title",
  "stats.patients",
  "stats.yearsOfExperience",
  "texts.tagline",
  "texts.heroTitle",
  "texts.heroIntro",
  "texts.about",
  "texts.servicesIntro",
] as const;
export type Keepable = (typeof KEEPABLE)[number];

/** Someone else's details: the setup shows them as a hint only, her own to type. */
const REPLACE_ONLY = [
  "practitioner.name",
  "practitioner.registerNumber",
  "business.vatNumber",
  "business.legalName",
  "contact.phone",
  "contact.email",
  "links.booking",
  "links.doctorProfile",
  "links.social.url",
  "links.messaging.url",
] as const;

export const isKeepable = (name: string): name is Keepable => (KEEPABLE as readonly string[]).includes(name);

/** The text at a field's name ("texts.about") in the content, or "" when there is none. */
export function valueAt(content: Omit<SiteContent, "portrait">, name: string): string {
  let value: unknown = content;
  for (const part of name.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === "string" ? value : "";
}

/** The example's own value of a field. */
export const exampleValue = (name: string) => valueAt(defaultSiteContent, name);

/** Whether a keepable detail is still the example's and she has not said it is hers. */
export const stillExample = (content: Omit<SiteContent, "portrait">, name: Keepable) =>
  valueAt(content, name) === exampleValue(name) && !(content.kept ?? []).includes(name);

/** One field shown as an example in the setup: empty, the example as its hint, kept with one tap when it may be. */
export interface ExampleField {
  example: string;
  keepable: boolean;
}

/** The fields the setup shows empty, with the example as a hint: what is still the example's. */
export function exampleFields(content: Omit<SiteContent, "portrait">): Record<string, ExampleField> {
  const fields: Record<string, ExampleField> = {};
  for (const name of KEEPABLE)
    if (stillExample(content, name)) fields[name] = { example: exampleValue(name), keepable: true };
  for (const name of REPLACE_ONLY) {
    const example = exampleValue(name);
    if (example && valueAt(content, name) === example) fields[name] = { example, keepable: false };
  }
  return fields;
}

/** The content's list of kept examples with these added. */
export const withKept = (content: SiteContent, kept: readonly Keepable[]): SiteContent =>
  kept.length === 0 ? content : { ...content, kept: [...new Set([...(content.kept ?? []), ...kept])] };
