import { defaultSiteContent } from "./defaults";
import type { ServiceContent, SiteContent } from "./site-content";

/*
 * An example detail is either someone else's (her name, number, contacts: she can only replace it),
 * or generic wording she may well make hers (a text, the title, a figure of the home): that one she
 * keeps with one tap, and keeping it marks it hers (`kept`), so it leaves the list of examples. An
 * example service (its title and description) is kept whole, by the example's id.
 */

/** The example texts and figures she may keep as they are, by their form field's name. */
export const KEEPABLE_FIELDS = [
  "practitioner.title",
  "stats.patients",
  "stats.yearsOfExperience",
  "texts.tagline",
  "texts.heroTitle",
  "texts.heroIntro",
  "texts.about",
  "texts.servicesIntro",
] as const;
export type KeepableField = (typeof KEEPABLE_FIELDS)[number];

/** An example service kept as it is, by the example's id ("services.nutrizione-sportiva"). */
export type KeepableService = `services.${string}`;
export const keptServiceName = (id: string): KeepableService => `services.${id}`;

/** Everything she may keep with one tap: the texts and figures, and each example service. */
export const KEEPABLE: readonly [KeepableField, ...Keepable[]] = [
  ...KEEPABLE_FIELDS,
  ...defaultSiteContent.services.map((service) => keptServiceName(service.id)),
];
export type Keepable = KeepableField | KeepableService;

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
export const isKeepableField = (name: string): name is KeepableField =>
  (KEEPABLE_FIELDS as readonly string[]).includes(name);

/** The text at a field's name ("texts.about") in the content, or "" when there is none. */
export function valueAt(content: Omit<SiteContent, "portrait">, name: string): string {
  let value: unknown = content;
  for (const part of name.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === "string" ? value : "";
}

/** The example's own value of a field. */
export const exampleValue = (name: string) => valueAt(defaultSiteContent, name);

/** Whether a keepable detail is still the example's and she has not said it is hers. */
export const stillExample = (content: Omit<SiteContent, "portrait">, name: KeepableField) =>
  valueAt(content, name) === exampleValue(name) && !(content.kept ?? []).includes(name);

/**
 * The example service a service still is, word for word (title and description; a price or an icon
 * of hers does not make the words hers), and that she has not kept: its name to keep it by, or null.
 */
export function exampleServiceOf(
  kept: readonly string[] | undefined,
  service: Pick<ServiceContent, "title" | "description">,
): KeepableService | null {
  const example = defaultSiteContent.services.find(
    (e) => e.title === service.title.trim() && e.description === service.description.trim(),
  );
  if (!example) return null;
  const name = keptServiceName(example.id);
  return (kept ?? []).includes(name) ? null : name;
}

/** The example services still on the site as the example wrote them, not kept: each once, in the example's order. */
export const exampleServicesLeft = (content: Pick<SiteContent, "services" | "kept">): ServiceContent[] =>
  defaultSiteContent.services.filter((example) =>
    content.services.some((service) => exampleServiceOf(content.kept, service) === keptServiceName(example.id)),
  );

/** One field shown as an example in the setup: empty, the example as its hint, kept with one tap when it may be. */
export interface ExampleField {
  example: string;
  keepable: boolean;
}

/** The fields the setup shows empty, with the example as a hint: what is still the example's. */
export function exampleFields(content: Omit<SiteContent, "portrait">): Record<string, ExampleField> {
  const fields: Record<string, ExampleField> = {};
  for (const name of KEEPABLE_FIELDS)
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
