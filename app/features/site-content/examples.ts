import { defaultSiteContent } from "./defaults";
import { fillPlaceholders } from "./placeholders";
import { exampleServicesLeft, stillExample } from "./kept-examples";
import type { ContentGroup } from "./editor-groups";
import type { SiteContent } from "./site-content";

/** A fictional detail of the first version still on the site, and the form where she replaces it. */
export interface ExampleLeft {
  /** Short Italian words for the to-do list and the setup's last step ("il nome", "lo Studio di Milano"). */
  label: string;
  group: ContentGroup;
  /**
   * A detail the law wants true on a health professional's site (who she is, her register number,
   * her Partita IVA, where to write about one's data): while it is the example's, the site cannot be
   * published.
   */
  legal: boolean;
}

const d = defaultSiteContent;

/**
 * The names her earlier versions gave (kept versions, site-content.server.ts `formerNames`): people
 * (her name, the Partita IVA's holder), studios and their cities. A text still naming one she no
 * longer has is pointed out, as one naming the fictional example's.
 */
export interface FormerNames {
  people: readonly string[];
  studios: readonly string[];
  cities: readonly string[];
}

const NO_FORMER_NAMES: FormerNames = { people: [], studios: [], cities: [] };

/**
 * What of the fictional first version (defaults.ts) is still on the site: the
 * details that are someone else's (name, register number, Partita IVA, contacts, links, studios),
 * and the texts that still name the example's person or cities she does not have, or a person,
 * studio or city of an earlier version (`former`) she no longer has. Generic wording she may
 * well keep (the title, the texts, the home's figures, the services) counts until she changes or keeps it.
 */
export function examplesLeft(c: Omit<SiteContent, "portrait">, former: FormerNames = NO_FORMER_NAMES): ExampleLeft[] {
  const left: ExampleLeft[] = [];
  const add = (same: boolean, label: string, group: ContentGroup, legal = false) => {
    if (same) left.push({ label, group, legal });
  };
  add(c.practitioner.name === d.practitioner.name, "il nome", "chi", true);
  add(stillExample(c, "practitioner.title"), "il titolo professionale", "chi");
  add(c.practitioner.registerNumber === d.practitioner.registerNumber, "il numero di iscrizione all'albo", "chi", true);
  add(c.business.vatNumber === d.business.vatNumber, "la Partita IVA", "chi", true);
  add(c.business.legalName === d.business.legalName, "l'intestatario della Partita IVA", "chi", true);
  for (const example of d.studios)
    add(
      c.studios.some((studio) => studio.street === example.street && studio.city === example.city),
      `l'indirizzo dello ${example.name}`,
      "studi",
    );
  add(c.contact.phone === d.contact.phone, "il telefono", "contatti");
  // The privacy notice names it as where to write about one's data.
  add(c.contact.email === d.contact.email, "l'e-mail (contatto per la privacy)", "contatti", true);
  add(c.links.booking === d.links.booking, "il link di prenotazione", "contatti");
  const links = [c.links.doctorProfile, c.links.social.url, c.links.messaging.url];
  const exampleLinks = [d.links.doctorProfile, d.links.social.url, d.links.messaging.url];
  add(
    links.some((link) => exampleLinks.includes(link)),
    "i link (profilo, social, messaggi)",
    "contatti",
  );
  // The home page's figures: a made-up count of patients is a claim about her practice.
  // Until she changes, empties or keeps them (kept-examples.ts).
  add(stillExample(c, "stats.patients"), "il numero di pazienti della home", "chi");
  add(stillExample(c, "stats.yearsOfExperience"), "gli anni di esperienza della home", "chi");
  // The example's own words until she replaces or keeps them; as the site shows them, any naming
  // someone else (a placeholder names her, whatever she is called).
  const others = othersNamed(c, former);
  for (const [key, label] of TEXT_LABELS)
    add(stillExample(c, `texts.${key}`) || others(fillPlaceholders(c.texts[key], c)), label, "testi");
  // The example's services, word for word: her practice described in someone else's words until
  // she rewrites, removes or keeps each.
  for (const service of exampleServicesLeft(c)) add(true, `il servizio «${service.title}»`, "servizi");
  return left;
}

const TEXT_LABELS = [
  ["tagline", "il motto"],
  ["heroTitle", "il titolo della home"],
  ["heroIntro", "la presentazione della home"],
  ["about", "il testo «Chi sono»"],
  ["servicesIntro", "l'introduzione dei servizi"],
] as const;

/** "Dott.ssa Giulia Ferrari" is also written "Giulia Ferrari": a title before a name is left out too. */
const TITLE = /^(?:dott|dr|prof)(?:\.?ssa)?\.?\s+/i;

/** The whole word or words `name`: "Monza" in "a Monza," but not in "Monzambano". */
const wordsPattern = (name: string, flags = "u") =>
  new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, flags);

/**
 * Whether a text names someone or somewhere that is not hers: the example's person or register
 * number while hers differ, or a person, studio or city of the example or of an earlier version
 * that her details no longer have. The patterns are made once per check of the five texts.
 */
function othersNamed(c: Omit<SiteContent, "portrait">, former: FormerNames): (text: string) => boolean {
  const notHers = (names: readonly string[], hers: readonly string[]) => {
    const own = new Set(hers.map((name) => name.trim().toLowerCase()));
    return [...new Set(names.map((name) => name.trim()))].filter(
      (name) => name.length > 1 && !own.has(name.toLowerCase()),
    );
  };
  const herName = `${c.practitioner.name} ${c.business.legalName}`.toLowerCase();
  const people = [d.practitioner.name, d.business.legalName, ...former.people]
    .flatMap((name) => [name.trim(), name.trim().replace(TITLE, "")])
    .filter((name) => name.length > 2 && !herName.includes(name.toLowerCase()));
  const patterns = [
    ...[...new Set(people)].map((name) => wordsPattern(name, "iu")),
    // A studio's name as written ("Studio di Monza"), not the words of a sentence ("il mio studio di Monza").
    ...notHers(
      [...d.studios.map((s) => s.name), ...former.studios],
      c.studios.map((s) => s.name),
    ).map((name) => wordsPattern(name)),
    ...notHers(
      [...d.studios.map((s) => s.city), ...former.cities],
      c.studios.map((s) => s.city),
    ).map((name) => wordsPattern(name, "iu")),
  ];
  const exampleNumber = d.practitioner.registerNumber;
  return (text) =>
    (text.includes(exampleNumber) && c.practitioner.registerNumber !== exampleNumber) ||
    patterns.some((pattern) => pattern.test(text));
}
