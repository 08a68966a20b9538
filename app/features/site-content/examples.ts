import { defaultSiteContent } from "./defaults";
import { fillPlaceholders } from "./placeholders";
import type { ContentGroup } from "./editor-groups";
import type { SiteContent } from "./site-content";

/** A fictional detail of the first version still on the site, and the form where she replaces it. */
export interface ExampleLeft {
  /** Short Italian words for the to-do list and the setup's last step ("il nome", "lo Studio di Milano"). */
  label: string;
  group: ContentGroup;
}

const d = defaultSiteContent;
const fictionalName = d.business.legalName;
const fictionalCities = d.studios.map((studio) => studio.city);

/**
 * What of the fictional first version (defaults.ts) is still on the site (issue 46 item 1): the
 * details that are someone else's (name, register number, Partita IVA, contacts, links, studios),
 * and the texts that still name the example's person or cities she does not have. Generic wording
 * she may well keep (title, services, motto) is not counted.
 */
export function examplesLeft(c: Omit<SiteContent, "portrait">): ExampleLeft[] {
  const left: ExampleLeft[] = [];
  const add = (same: boolean, label: string, group: ContentGroup) => {
    if (same) left.push({ label, group });
  };
  add(c.practitioner.name === d.practitioner.name, "il nome", "chi");
  add(c.practitioner.registerNumber === d.practitioner.registerNumber, "il numero di iscrizione all'albo", "chi");
  add(c.business.vatNumber === d.business.vatNumber, "la Partita IVA", "chi");
  add(c.business.legalName === d.business.legalName, "l'intestatario della Partita IVA", "chi");
  for (const example of d.studios)
    add(
      c.studios.some((studio) => studio.street === example.street && studio.city === example.city),
      `l'indirizzo dello ${example.name}`,
      "studi",
    );
  add(c.contact.phone === d.contact.phone, "il telefono", "contatti");
  add(c.contact.email === d.contact.email, "l'e-mail", "contatti");
  const links = [c.links.booking, c.links.doctorProfile, c.links.social.url, c.links.messaging.url];
  const exampleLinks = [d.links.booking, d.links.doctorProfile, d.links.social.url, d.links.messaging.url];
  add(
    links.some((link) => exampleLinks.includes(link)),
    "i link (prenotazioni, social, messaggi)",
    "contatti",
  );
  // As the site shows them: a placeholder names her, whatever she is called.
  for (const [key, label] of TEXT_LABELS) add(namesOthers(c, fillPlaceholders(c.texts[key], c)), label, "testi");
  return left;
}

const TEXT_LABELS = [
  ["tagline", "il motto"],
  ["heroTitle", "il titolo della home"],
  ["heroIntro", "la presentazione della home"],
  ["about", "il testo «Chi sono»"],
  ["servicesIntro", "l'introduzione dei servizi"],
] as const;

/** A text naming the example's person or register number while hers differ, or an example's city none of her studios is in. */
function namesOthers(c: Omit<SiteContent, "portrait">, text: string): boolean {
  const herName = `${c.practitioner.name} ${c.business.legalName}`;
  if (text.includes(fictionalName) && !herName.includes(fictionalName)) return true;
  const exampleNumber = d.practitioner.registerNumber;
  if (text.includes(exampleNumber) && c.practitioner.registerNumber !== exampleNumber) return true;
  const herCities = c.studios.map((studio) => studio.city.toLowerCase());
  return fictionalCities.some(
    (city) => new RegExp(`\\b${city}\\b`, "i").test(text) && !herCities.includes(city.toLowerCase()),
  );
}
