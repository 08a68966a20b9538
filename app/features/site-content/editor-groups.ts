import { hoursSchema } from "./hours-schema";
import { portraitFocusSchema, practiceSchema, servicesSchema, studiosSchema, textsSchema } from "./form-schemas";
import { type CONTENT_SECTIONS, versionField } from "./content-fields";

/** The editor's forms, by name: the value of the hidden "group" field and of the URL segment. */
export const contentGroups = {
  pratica: practiceSchema,
  studi: studiosSchema,
  orari: hoursSchema,
  testi: textsSchema,
  servizi: servicesSchema,
  ritratto: portraitFocusSchema,
  // The first-run setup's short steps: two parts of "Dati dello studio" (who she is with the home's figures).
  chi: practiceSchema.pick({ practitioner: true, business: true, stats: true }),
  contatti: practiceSchema.pick({ contact: true, links: true }),
} as const satisfies Record<(typeof CONTENT_SECTIONS)[number], unknown> & Record<string, unknown>;
export type ContentGroup = keyof typeof contentGroups;

export const groupLabels: Record<ContentGroup, string> = {
  pratica: "Dati dello studio",
  studi: "Studi",
  orari: "Orari di apertura",
  testi: "Testi",
  servizi: "Servizi",
  ritratto: "Ritratto",
  chi: "Dati dello studio",
  contatti: "Dati dello studio",
};

/** Where each form lives in the admin. */
export const groupPaths: Record<ContentGroup, string> = {
  pratica: "/admin/contenuti/pratica",
  studi: "/admin/contenuti/studi",
  orari: "/admin/contenuti/orari",
  testi: "/admin/contenuti/testi",
  servizi: "/admin/contenuti/servizi",
  ritratto: "/admin/contenuti/ritratto",
  chi: "/admin/contenuti/pratica",
  contatti: "/admin/contenuti/pratica",
};

/** The first-run setup: its first step opens at her first sign-in. */
export const SETUP_PATH = "/admin/configurazione";

/** A form's schema with the version it was loaded from. */
export function editorSchema<G extends ContentGroup>(group: G) {
  return contentGroups[group].extend({ version: versionField });
}
