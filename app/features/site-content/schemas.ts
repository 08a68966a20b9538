import { z } from "zod";
import { multiLine, oneLine, PG_INTEGER_MAX } from "~/core/forms/field-rules";
import { uploadedImageSchema } from "~/core/media/image-upload";
import { minutes } from "./hours";
import { isValidPartitaIva, normalizePartitaIva } from "./partita-iva";
import { MAX_STUDIOS, SERVICE_COUNT, serviceIcons, weekdays, type SiteContent } from "./site-content";

/**
 * One zod schema per editor form, shared by the browser (messages before sending) and the server
 * (the check that counts). Each schema's shape is the part of SiteContent its form edits, so field
 * names are the content's paths ("practitioner.name", "hours[0].ranges[1].opens").
 */

/** Forms send "" for an empty field; some form libraries send undefined. Both mean "empty" here. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const tooLong = (max: number) => `Testo troppo lungo: al massimo ${max} caratteri.`;

/** A field of one line (a name, a title); `lines: "many"` for a paragraph or more. */
function requiredText(missing: string, max: number, lines: "one" | "many" = "one") {
  const text = z.string({ error: missing }).trim().max(max, tooLong(max));
  return z.preprocess(blankToUndefined, lines === "one" ? oneLine(text) : multiLine(text));
}

const URL_MESSAGE = "Indirizzo web non valido: scrivilo completo, ad esempio https://www.esempio.it/pagina";
const webUrl = (missing: string) =>
  z.preprocess(
    blankToUndefined,
    oneLine(z.string({ error: missing }).trim().max(500, tooLong(500))).pipe(
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: URL_MESSAGE }),
    ),
  );

const HTML_MESSAGE = "Scrivi solo testo, senza codice HTML (i segni < e > non sono ammessi).";
/** Plain text only: what she types is shown as typed, never interpreted as markup. */
const plainText = (missing: string, max: number, lines: "one" | "many" = "one") =>
  requiredText(missing, max, lines).refine((value) => !/[<>]/.test(value), HTML_MESSAGE);

export const practiceSchema = z.object({
  practitioner: z.object({
    name: plainText("Indica il nome che compare sul sito.", 120),
    title: plainText("Indica il titolo professionale (es. Biologa Nutrizionista).", 120),
    register: plainText("L'albo professionale è obbligatorio: per legge compare in fondo a ogni pagina.", 160),
    registerNumber: plainText(
      "Il numero di iscrizione all'albo è obbligatorio: per legge compare in fondo a ogni pagina.",
      40,
    ),
  }),
  business: z.object({
    vatNumber: z.preprocess(
      (value) => (typeof value === "string" ? blankToUndefined(normalizePartitaIva(value)) : value),
      z
        .string({ error: "La Partita IVA è obbligatoria: per legge compare in fondo a ogni pagina." })
        .refine(
          isValidPartitaIva,
          "Partita IVA non valida: controlla le 11 cifre (l'ultima è una cifra di controllo).",
        ),
    ),
    legalName: plainText("Indica il nome del titolare della Partita IVA.", 160),
  }),
  contact: z.object({
    phone: z.preprocess(
      blankToUndefined,
      oneLine(
        z
          .string({ error: "Indica il numero di telefono." })
          .trim()
          .regex(
            /^\+?[\d\s]{6,20}$/,
            "Numero di telefono non valido: solo cifre e spazi, ad esempio +39 347 218 4590.",
          ),
      ),
    ),
    email: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "Indica l'indirizzo email." })
        .trim()
        .max(200, tooLong(200))
        .pipe(z.email("Indirizzo email non valido: controlla che sia come nome@dominio.it.")),
    ),
  }),
  links: z.object({
    booking: webUrl("Indica l'indirizzo del sito di prenotazione."),
    doctorProfile: webUrl("Indica l'indirizzo del profilo per le prenotazioni."),
    social: z.object({
      label: plainText("Indica il nome del social (es. Instagram).", 40),
      url: webUrl("Indica l'indirizzo del profilo social."),
    }),
    messaging: z.object({
      label: plainText("Indica il nome del servizio di messaggi (es. WhatsApp).", 40),
      url: webUrl("Indica il link per i messaggi."),
    }),
  }),
  stats: z.object({
    patients: plainText("Indica il numero di pazienti (es. 200+).", 12),
    yearsOfExperience: plainText("Indica gli anni di esperienza (es. 5+).", 12),
  }),
});

const studioSchema = z.object({
  name: plainText("Indica il nome dello studio.", 80),
  street: plainText("Indica via e numero civico.", 120),
  postalCode: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Indica il CAP." })
      .trim()
      .regex(/^\d{5}$/, "Il CAP è di 5 cifre."),
  ),
  city: plainText("Indica la città.", 80),
  province: z.preprocess(
    (value) => (typeof value === "string" ? blankToUndefined(value.toUpperCase()) : value),
    z
      .string({ error: "Indica la sigla della provincia." })
      .trim()
      .regex(/^[A-Z]{2}$/, "La provincia è una sigla di 2 lettere (es. MI)."),
  ),
  /** Empty: the site links a maps search for the address. */
  mapsUrl: z
    .preprocess(
      blankToUndefined,
      oneLine(z.string().trim().max(500, tooLong(500)))
        .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: URL_MESSAGE }))
        .optional(),
    )
    .transform((value) => value ?? ""),
});

export const studiosSchema = z.object({
  studios: z
    .array(studioSchema, { error: "Serve almeno uno studio." })
    .min(1, "Serve almeno uno studio: il sito mostra dove ricevi.")
    .max(MAX_STUDIOS, `Al massimo ${MAX_STUDIOS} studi.`),
});

const TIME_MESSAGE = "Orario non valido: scrivilo come 9:00 o 14:30.";
const time = z
  .string()
  .trim()
  .regex(/^([01]?\d|2[0-3])[:.][0-5]\d$/, TIME_MESSAGE)
  .transform((value) => value.replace(".", ":").padStart(5, "0"));
const optionalTime = z.preprocess(blankToUndefined, time.optional());

const rangeInputSchema = z.preprocess((value) => value ?? {}, z.object({ opens: optionalTime, closes: optionalTime }));

const checkbox = z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean());

/** One day: "closed", or up to two ranges; a range with both times empty is no range. */
const dayHoursSchema = z
  .object({
    day: z.enum(weekdays),
    closed: checkbox.optional().default(false),
    ranges: z.preprocess((value) => value ?? [], z.array(rangeInputSchema).max(2)),
  })
  .superRefine((value, ctx) => {
    if (value.closed) return;
    value.ranges.forEach((range, index) => {
      if (range.opens && !range.closes)
        ctx.addIssue({
          code: "custom",
          path: ["ranges", index, "closes"],
          message: "Indica anche l'orario di chiusura.",
        });
      if (!range.opens && range.closes)
        ctx.addIssue({
          code: "custom",
          path: ["ranges", index, "opens"],
          message: "Indica anche l'orario di apertura.",
        });
      if (range.opens && range.closes && minutes(range.closes) <= minutes(range.opens))
        ctx.addIssue({
          code: "custom",
          path: ["ranges", index, "closes"],
          message: "La chiusura deve essere dopo l'apertura.",
        });
    });
    const [first, second] = value.ranges;
    if (first?.opens && first.closes && second?.opens && second.closes) {
      const [a, b] = minutes(first.opens) <= minutes(second.opens) ? [first, second] : [second, first];
      if (minutes(b.opens!) < minutes(a.closes!))
        ctx.addIssue({
          code: "custom",
          path: ["ranges", 1, "opens"],
          message: "Le due fasce orarie si sovrappongono: la seconda deve iniziare dopo la fine della prima.",
        });
    }
  })
  .transform(({ day, closed, ranges }) => ({
    day,
    ranges: closed
      ? []
      : ranges
          .filter((r): r is { opens: string; closes: string } => Boolean(r.opens && r.closes))
          .sort((a, b) => minutes(a.opens) - minutes(b.opens)),
  }));

export const hoursSchema = z.object({
  hours: z
    .array(dayHoursSchema)
    .length(7, "Servono tutti e sette i giorni della settimana.")
    .refine((days) => days.every((d, i) => d.day === weekdays[i]), "I giorni devono essere da lunedì a domenica."),
});

export const TEXT_LIMITS = { tagline: 160, heroTitle: 120, heroIntro: 600, about: 5000, servicesIntro: 800 } as const;

export const textsSchema = z.object({
  texts: z.object({
    tagline: plainText("Scrivi il motto che compare nella pagina iniziale.", TEXT_LIMITS.tagline),
    heroTitle: plainText("Scrivi il titolo principale della home.", TEXT_LIMITS.heroTitle),
    heroIntro: plainText("Scrivi il testo di presentazione sotto il titolo.", TEXT_LIMITS.heroIntro, "many"),
    about: plainText("Scrivi il testo della sezione Chi Sono.", TEXT_LIMITS.about, "many"),
    servicesIntro: plainText("Scrivi l'introduzione della pagina dei servizi.", TEXT_LIMITS.servicesIntro, "many"),
  }),
});

const serviceSchema = z.object({
  icon: z.enum(serviceIcons, { error: "Scegli un'icona dall'elenco." }),
  title: plainText("Indica il titolo del servizio.", 80),
  description: plainText("Scrivi una breve descrizione del servizio.", 400, "many"),
});

export const servicesSchema = z.object({
  services: z.array(serviceSchema).length(SERVICE_COUNT, `I servizi sono sempre ${SERVICE_COUNT}.`),
});

const percent = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "Indica un valore da 0 a 100." })
    .int("Indica un numero intero da 0 a 100.")
    .min(0, "Indica un valore da 0 a 100.")
    .max(100, "Indica un valore da 0 a 100."),
);

const portraitFocusSchema = z.object({
  portrait: z.object({ focusX: percent, focusY: percent }),
});

export const STALE_FORM_MESSAGE = "Il modulo non è più valido: ricarica la pagina e riprova.";
/**
 * Every form also sends the version it was loaded from: a save on top of a newer one is refused. A
 * version is a PostgreSQL integer: a larger number is a broken form, not a question for the database.
 */
export const versionField = z.coerce
  .number({ error: STALE_FORM_MESSAGE })
  .int({ error: STALE_FORM_MESSAGE })
  .min(0, { error: STALE_FORM_MESSAGE })
  .max(PG_INTEGER_MAX, { error: STALE_FORM_MESSAGE });

/** "Ripristina": the version to publish again, and the one the list was loaded from. */
export const versionRestoreSchema = z.object({ restore: versionField, version: versionField });

/** The practitioner's portrait ("Carica e pubblica"): the same image rules as a recipe photo. */
export const portraitUploadSchema = z.object({ image: uploadedImageSchema });

/** "Rimuovi il ritratto", on top of the version the screen was loaded from. */
export const portraitRemovalSchema = z.object({ intent: z.literal("remove"), version: versionField });

const storedImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.literal("webp"),
  variants: z.array(z.object({ key: z.string().min(1), width: z.number().int(), height: z.number().int() })).min(1),
});

/** The whole content: what every stored version and the seed file must satisfy. */
export const siteContentSchema = z.object({
  ...practiceSchema.shape,
  ...studiosSchema.shape,
  hours: z
    .array(
      z.object({
        day: z.enum(weekdays),
        ranges: z.array(z.object({ opens: time, closes: time })).max(2),
      }),
    )
    .length(7),
  ...textsSchema.shape,
  services: z.array(serviceSchema.extend({ id: z.string().regex(/^[a-z0-9-]+$/) })).length(SERVICE_COUNT),
  portrait: z.object({ image: storedImageSchema.nullable(), focusX: percent, focusY: percent }),
}) satisfies z.ZodType<SiteContent, unknown>;

/** The editor's forms, by name: the value of the hidden "group" field and of the URL segment. */
export const contentGroups = {
  pratica: practiceSchema,
  studi: studiosSchema,
  orari: hoursSchema,
  testi: textsSchema,
  servizi: servicesSchema,
  ritratto: portraitFocusSchema,
} as const;
export type ContentGroup = keyof typeof contentGroups;

export const groupLabels: Record<ContentGroup, string> = {
  pratica: "Dati dello studio",
  studi: "Studi",
  orari: "Orari di apertura",
  testi: "Testi",
  servizi: "Servizi",
  ritratto: "Ritratto",
};

/** Where each form lives in the admin. */
export const groupPaths: Record<ContentGroup, string> = {
  pratica: "/admin/contenuti/pratica",
  studi: "/admin/contenuti/studi",
  orari: "/admin/contenuti/orari",
  testi: "/admin/contenuti/testi",
  servizi: "/admin/contenuti/servizi",
  ritratto: "/admin/contenuti/ritratto",
};

/** A form's schema with the version it was loaded from. */
export function editorSchema<G extends ContentGroup>(group: G) {
  return contentGroups[group].extend({ version: versionField });
}
