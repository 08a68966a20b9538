import { z } from "zod";
import { oneLine } from "~/core/forms/field-rules";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { uploadedImageSchema } from "~/core/media/image-upload";
import {
  blankToUndefined,
  checkbox,
  CONTENT_SECTIONS,
  optionalParagraphs,
  percent,
  plainText,
  tooLong,
  URL_MESSAGE,
  optionalLine,
  optionalWebUrl,
  versionField,
  webUrl,
} from "./content-fields";
import { CONTENT_MESSAGES } from "./messages";
import { isValidPartitaIva, normalizePartitaIva } from "./partita-iva";
import { inOrder, MAX_PRICE_LENGTH, PRICE_MESSAGE, PRICE_ORDER_MESSAGE, readPrice } from "./service-price";
import { MAX_PHOTO_ALT, MAX_SERVICES, MAX_STUDIOS, MIN_SERVICES, serviceIcons } from "./site-content";

/**
 * One zod schema per editor form, shared by the browser (messages before sending) and the server
 * (the check that counts). Each schema's shape is the part of SiteContent its form edits, so field
 * names are the content's paths ("practitioner.name", "hours[0].ranges[1].opens").
 */

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
  // Each link optional: one left empty is not shown (a booking button then calls the studio).
  links: z.object({
    booking: optionalWebUrl(),
    doctorProfile: optionalWebUrl(),
    social: namedLink("Indica il nome del social (es. Instagram)."),
    messaging: namedLink("Indica il nome del servizio di messaggi (es. WhatsApp)."),
  }),
  stats: z.object({
    // Either may be left empty: the home then leaves that figure out.
    patients: optionalLine(12),
    yearsOfExperience: optionalLine(12),
  }),
  /** Off, the reviews leave the site (section, page, links, sitemap); their data stays. */
  // Unticked, a form sends no field of the group at all: then it is off.
  reviews: z.preprocess((value) => value ?? {}, z.object({ shown: checkbox })),
});

/** A link shown by its name: both empty, or both given. */
function namedLink(nameMissing: string) {
  return z.object({ label: optionalLine(40), url: optionalWebUrl() }).superRefine((link, context) => {
    if (link.url && !link.label) context.addIssue({ code: "custom", path: ["label"], message: nameMissing });
  });
}

export const DIRECTIONS_MAX = 1000;

/** A studio's key as a form sends it back (hidden): empty for a studio added in the form, which gets one on saving. */
export const studioKeyField = z.preprocess(
  blankToUndefined,
  z.string().regex(new RegExp(STUDIO_KEY_PATTERN), CONTENT_MESSAGES.staleForm).optional(),
);

export const studioSchema = z.object({
  key: studioKeyField,
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
  /** "Come arrivare", on the studio's page; empty: the page leaves it out. */
  directions: optionalParagraphs(DIRECTIONS_MAX),
});

export const studiosSchema = z.object({
  studios: z
    .array(studioSchema, { error: "Serve almeno uno studio." })
    .min(1, "Serve almeno uno studio: il sito mostra dove ricevi.")
    .max(MAX_STUDIOS, `Al massimo ${MAX_STUDIOS} studi.`)
    .refine((studios) => {
      const keys = studios.flatMap((studio) => (studio.key ? [studio.key] : []));
      return new Set(keys).size === keys.length;
    }, CONTENT_MESSAGES.staleForm),
});

export const TEXT_LIMITS = { tagline: 160, heroTitle: 120, heroIntro: 600, about: 5000, servicesIntro: 800 } as const;

export const textsSchema = z.object({
  texts: z.object({
    tagline: plainText("Scrivi il motto che compare nella pagina iniziale.", TEXT_LIMITS.tagline),
    heroTitle: plainText("Scrivi il titolo principale della home.", TEXT_LIMITS.heroTitle),
    heroIntro: plainText("Scrivi il testo di presentazione sotto il titolo.", TEXT_LIMITS.heroIntro, "many"),
    about: plainText("Scrivi il testo della sezione Chi sono.", TEXT_LIMITS.about, "many"),
    servicesIntro: plainText("Scrivi l'introduzione della pagina dei servizi.", TEXT_LIMITS.servicesIntro, "many"),
  }),
});

/** A service's price, or "" when she shows none: "80 €", "da 80 €", "80-120 €" (service-price.ts). */
export const servicePrice = z
  .preprocess(
    blankToUndefined,
    oneLine(z.string().trim().max(MAX_PRICE_LENGTH, tooLong(MAX_PRICE_LENGTH)))
      .transform((value) => value.replace(/\s+/g, " "))
      .refine((value) => readPrice(value) !== null, PRICE_MESSAGE)
      .refine((value) => {
        const price = readPrice(value);
        return price === null || inOrder(price);
      }, PRICE_ORDER_MESSAGE)
      .optional(),
  )
  .transform((value) => value ?? "");

/** A service's id as a form sends it back (hidden): empty for one added in the form, which gets one on saving. */
const serviceIdField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, CONTENT_MESSAGES.staleForm)
    .optional(),
);

export const serviceSchema = z.object({
  id: serviceIdField,
  icon: z.enum(serviceIcons, { error: "Scegli un'icona dall'elenco." }),
  title: plainText("Indica il titolo del servizio.", 80),
  description: plainText("Scrivi una breve descrizione del servizio.", 400, "many"),
  price: servicePrice,
});

export const servicesSchema = z.object({
  services: z
    .array(serviceSchema, { error: "Serve almeno un servizio." })
    .min(MIN_SERVICES, "Serve almeno un servizio: la home ne mostra l'elenco.")
    .max(MAX_SERVICES, `Al massimo ${MAX_SERVICES} servizi.`)
    .refine((services) => {
      const ids = services.flatMap((service) => (service.id ? [service.id] : []));
      return new Set(ids).size === ids.length;
    }, CONTENT_MESSAGES.staleForm),
});

export const portraitFocusSchema = z.object({
  portrait: z.object({ focusX: percent, focusY: percent }),
});

/**
 * "Ripristina": the version to publish again, and the one the preview was loaded from; with
 * `section`, only that section of it (the names are the editor's, see editor-groups.ts).
 */
export const versionRestoreSchema = z.object({
  restore: versionField,
  version: versionField,
  section: z.enum(CONTENT_SECTIONS).optional(),
});

/** The practitioner's portrait ("Carica e pubblica"): the same image rules as a recipe photo. */
export const portraitUploadSchema = z.object({ image: uploadedImageSchema });

/** What the upload form posts: the image and the version the screen was loaded from. */
export const portraitUploadFormSchema = portraitUploadSchema.extend({ version: versionField });

/** "Rimuovi il ritratto", on top of the version the screen was loaded from. */
export const portraitRemovalSchema = z.object({ intent: z.literal("remove"), version: versionField });

/** The first-run setup's last button, "Concludi la configurazione". */
export const setupFinishSchema = z.object({ intent: z.literal("finish") });

// A studio's photos.
const studioKey = z.string().regex(new RegExp(STUDIO_KEY_PATTERN)).max(120);
const photoId = z.guid();
/** The words that describe the photo to whoever cannot see it: required. */
const photoAlt = plainText(CONTENT_MESSAGES.photoAltMissing, MAX_PHOTO_ALT);

/** "Aggiungi la foto": the studio, the image (camera or file) and its description. */
export const studioPhotoUploadSchema = z.object({ studio: studioKey, alt: photoAlt, image: uploadedImageSchema });

/** A photo's small forms: its description changed, moved a place, removed. */
export const studioPhotoActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("alt"), id: photoId, alt: photoAlt }),
  z.object({ intent: z.literal("move"), id: photoId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), id: photoId }),
]);
