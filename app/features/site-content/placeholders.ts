import { joinedList, nameAfter } from "~/core/format/italian-format";
import type { SiteContent } from "./site-content";

/*
 * Decision 66: her texts may name her details by a word in braces, typed on a
 * phone or put there by the editor's buttons; the site fills them in from the content's own fields
 * when it serves a page (plain text, never markup), so changing a detail once changes every text.
 */

type Details = Pick<SiteContent, "practitioner" | "studios">;

/** Each word she can write in braces, what it stands for, and where its value comes from. */
export const PLACEHOLDERS = [
  { word: "nome", label: "Nome", value: (c: Details) => c.practitioner.name },
  { word: "titolo", label: "Titolo", value: (c: Details) => c.practitioner.title },
  { word: "albo", label: "Albo", value: (c: Details) => c.practitioner.register },
  { word: "numero", label: "Numero di iscrizione", value: (c: Details) => c.practitioner.registerNumber },
  { word: "citta", label: "Città degli studi", value: (c: Details) => studioCities(c) },
] as const;

/** "Milano", "Milano e Monza", "Milano, Monza e Como": each city once, in the studios' order. */
function studioCities(c: Details): string {
  return joinedList([...new Set(c.studios.map((studio) => studio.city))]);
}

// "{città}" too: a phone's keyboard offers the accent. The word before {nome} is read too: a name
// with a title takes its article ("Sono la Dott.ssa …", "della Dott.ssa …").
const PATTERN =
  /(?:\b(sono|di|con|a|da|per|la|il|della|del|alla|al|dalla|dal) )?\{(nome|titolo|albo|numero|citta|città)\}/giu;

const ARTICLES = /^(la|il|della|del|alla|al|dalla|dal)$/i;

/** The text with each placeholder filled in; any other brace stays as she wrote it. */
export function fillPlaceholders(text: string, c: Details): string {
  return text.replace(PATTERN, (_, before: string | undefined, word: string) => {
    const key = word.toLowerCase().replace("à", "a");
    const value = PLACEHOLDERS.find((p) => p.word === key)!.value(c);
    // Written with its article already ("la {nome}"): kept as she wrote it.
    if (key === "nome" && before && !ARTICLES.test(before)) return nameAfter(before, value);
    return before ? `${before} ${value}` : value;
  });
}

/** The content as the site shows it: her texts with her details in place. */
export function withDetailsFilled<C extends Details & Pick<SiteContent, "texts">>(c: C): C {
  const texts = Object.fromEntries(
    Object.entries(c.texts).map(([key, text]) => [key, fillPlaceholders(text, c)]),
  ) as SiteContent["texts"];
  return { ...c, texts };
}
