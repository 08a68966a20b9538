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
} as const satisfies Record<(typeof CONTENT_SECTIONS)[number], unknown>;
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
