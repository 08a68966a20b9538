import { CONTENT_SECTIONS } from "./content-fields";
import type { ContentGroup } from "./editor-groups";
import { dayNames, formatTime } from "./hours";
import { type DayHours, type SiteContent, type Studio, weekdays } from "./site-content";

/*
 * What restoring a version would change on the site, field by field, in the words of the editor's
 * forms: the practitioner sees "Telefono: +39 02 1111 → +39 02 2222" before she restores, and can
 * restore one section alone.
 */

/** One field that differs: its label as the form shows it, the value now and in the version (`inVersion`). */
export interface FieldChange {
  label: string;
  now: string;
  inVersion: string;
}

export interface GroupChanges {
  group: ContentGroup;
  changes: FieldChange[];
}

const PHOTO = "photo";

/** A field's label, its value as compared, and as shown when that differs (a photo: its file, "Foto caricata"). */
type Row = [label: string, value: string, shown?: string];

const practiceRows = (c: SiteContent): Row[] => [
  ["Nome visualizzato", c.practitioner.name],
  ["Titolo professionale", c.practitioner.title],
  ["Albo professionale", c.practitioner.register],
  ["Numero di iscrizione all'albo", c.practitioner.registerNumber],
  ["Partita IVA", c.business.vatNumber],
  ["Intestatario della Partita IVA", c.business.legalName],
  ["Telefono", c.contact.phone],
  ["Email", c.contact.email],
  ["Sito di prenotazione", c.links.booking],
  ["Profilo per le prenotazioni", c.links.doctorProfile],
  ["Nome del social", c.links.social.label],
  ["Link del profilo social", c.links.social.url],
  ["Nome del servizio di messaggi", c.links.messaging.label],
  ["Link per i messaggi", c.links.messaging.url],
  ["Pazienti soddisfatti", c.stats.patients],
  ["Anni di esperienza", c.stats.yearsOfExperience],
  ["Recensioni sul sito", c.reviews.shown ? "Mostrate" : "Nascoste"],
];

const studioRows = (studio: Studio | undefined, n: number): Row[] => [
  [`Studio ${n}: nome`, studio?.name ?? ""],
  [`Studio ${n}: via e numero civico`, studio?.street ?? ""],
  [`Studio ${n}: CAP`, studio?.postalCode ?? ""],
  [`Studio ${n}: città`, studio?.city ?? ""],
  [`Studio ${n}: provincia`, studio?.province ?? ""],
  [`Studio ${n}: link alla mappa`, studio?.mapsUrl ?? ""],
  [`Studio ${n}: come arrivare`, studio?.directions ?? ""],
];

const dayLine = (day: DayHours | undefined) =>
  !day || day.ranges.length === 0
    ? "Chiuso"
    : day.ranges.map((r) => `${formatTime(r.opens)}–${formatTime(r.closes)}`).join(", ");

const textRows = (c: SiteContent): Row[] => [
  ["Motto della pagina iniziale", c.texts.tagline],
  ["Titolo principale della home", c.texts.heroTitle],
  ["Presentazione sotto il titolo", c.texts.heroIntro],
  ["Chi sono", c.texts.about],
  ["Introduzione della pagina dei servizi", c.texts.servicesIntro],
];

const portraitRows = (c: SiteContent): Row[] => [
  // Two photos are told apart by their stored file; what is shown is which one.
  ["Foto", c.portrait.image?.variants[0]?.key ?? "", c.portrait.image ? PHOTO : "Illustrazione predefinita"],
  ["Posizione orizzontale (%)", String(c.portrait.focusX)],
  ["Posizione verticale (%)", String(c.portrait.focusY)],
];

/**
 * The hours' rows: each studio of the content now, by its key ("Studio di Monza: lunedì"), then the
 * online visits. A studio only one side has is left out: restoring the hours changes no studio list.
 */
const hoursRows = (c: SiteContent, now: SiteContent): Row[] => [
  ...now.studios.flatMap((studio) => {
    const week = c.studios.find((s) => s.key === studio.key)?.hours ?? studio.hours;
    return weekRows(studio.name, week);
  }),
  ...weekRows("Visite online", c.onlineHours),
];

const weekRows = (place: string, week: DayHours[]): Row[] =>
  weekdays.map((day) => [`${place}: ${dayNames[day].toLowerCase()}`, dayLine(week.find((h) => h.day === day))]);

/** Each section's fields, as rows of label and text, for one content (`now`: the one on the site). */
function rowsOf(group: ContentGroup, c: SiteContent, other: SiteContent, now: SiteContent): Row[] {
  switch (group) {
    case "pratica":
    case "chi":
    case "contatti":
      return practiceRows(c);
    case "studi": {
      const count = Math.max(c.studios.length, other.studios.length);
      return Array.from({ length: count }, (_, i) => studioRows(c.studios[i], i + 1)).flat();
    }
    case "orari":
      return hoursRows(c, now);
    case "testi":
      return textRows(c);
    case "servizi":
      return c.services.flatMap((s, i): Row[] => [
        [`Servizio ${i + 1}: titolo`, s.title],
        [`Servizio ${i + 1}: descrizione`, s.description],
        [`Servizio ${i + 1}: icona`, s.icon],
        [`Servizio ${i + 1}: prezzo`, s.price],
      ]);
    case "ritratto":
      return portraitRows(c);
  }
}

/** The sections restoring `then` over `now` would change, each with its changed fields; none when equal. */
export function versionChanges(now: SiteContent, then: SiteContent): GroupChanges[] {
  const result: GroupChanges[] = [];
  for (const group of CONTENT_SECTIONS) {
    const before = rowsOf(group, now, then, now);
    const after = rowsOf(group, then, now, now);
    const changes: FieldChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const nowRow = before[i];
      const thenRow = after[i];
      const label = (nowRow ?? thenRow)![0];
      const nowValue = nowRow?.[1] ?? "";
      const thenValue = thenRow?.[1] ?? "";
      if (nowValue === thenValue) continue;
      const shown = (row: Row | undefined, photo: string) =>
        row?.[2] === PHOTO ? photo : (row?.[2] ?? row?.[1] ?? "");
      changes.push({
        label,
        now: shown(nowRow, "La foto di adesso"),
        inVersion: shown(thenRow, "La foto di quella versione"),
      });
    }
    if (changes.length) result.push({ group, changes });
  }
  return result;
}

/** The content with one section taken from `then`; every other section stays as it is `now`. */
export function withSectionFrom(now: SiteContent, then: SiteContent, group: ContentGroup): SiteContent {
  const next = structuredClone(now);
  switch (group) {
    case "pratica":
      return {
        ...next,
        practitioner: then.practitioner,
        business: then.business,
        contact: then.contact,
        links: then.links,
        stats: then.stats,
        reviews: then.reviews,
      };
    case "studi":
      // The studios as they were, each keeping its hours of now (the hours are their own section).
      return {
        ...next,
        studios: then.studios.map((studio) => ({
          ...studio,
          hours: next.studios.find((s) => s.key === studio.key)?.hours ?? studio.hours,
        })),
      };
    case "orari":
      return {
        ...next,
        studios: next.studios.map((studio) => ({
          ...studio,
          hours: then.studios.find((s) => s.key === studio.key)?.hours ?? studio.hours,
        })),
        onlineHours: then.onlineHours,
      };
    case "testi":
      return { ...next, texts: then.texts };
    case "servizi":
      return { ...next, services: then.services };
    case "ritratto":
      return { ...next, portrait: then.portrait };
    case "chi":
      return { ...next, practitioner: then.practitioner, business: then.business };
    case "contatti":
      return { ...next, contact: then.contact, links: then.links };
  }
}
