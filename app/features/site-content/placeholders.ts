import type { SiteContent } from "./site-content";

/*
 * Issue 46 item 1 (decision 66): her texts may name her details by a word in braces, typed on a
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
  const cities = [...new Set(c.studios.map((studio) => studio.city))];
  return new Intl.ListFormat("it", { type: "conjunction" }).format(cities);
}

// "{città}" too: a phone's keyboard offers the accent.
const PATTERN = /\{(nome|titolo|albo|numero|citta|città)\}/giu;

/** The text with each placeholder filled in; any other brace stays as she wrote it. */
export function fillPlaceholders(text: string, c: Details): string {
  return text.replace(PATTERN, (_, word: string) => {
    const key = word.toLowerCase().replace("à", "a");
    return PLACEHOLDERS.find((p) => p.word === key)!.value(c);
  });
}

/** The content as the site shows it: her texts with her details in place. */
export function withDetailsFilled<C extends Details & Pick<SiteContent, "texts">>(c: C): C {
  const texts = Object.fromEntries(
    Object.entries(c.texts).map(([key, text]) => [key, fillPlaceholders(text, c)]),
  ) as SiteContent["texts"];
  return { ...c, texts };
}
