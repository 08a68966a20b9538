import { readFileSync } from "node:fs";
import { z } from "zod";
import type { SiteContent } from "./site-content";

const mapsSearch = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Fictional but plausible defaults; a deployer overrides any of them with SITE_CONTENT_FILE. */
export const defaultSiteContent: SiteContent = {
  practitioner: {
    name: "Dott.ssa Giulia Ferrari",
    title: "Biologa Nutrizionista",
    tagline: "Nutrizionista, il tuo percorso verso il benessere",
    register: "Ordine dei Biologi della Lombardia",
    registerNumber: "AA_084512",
  },
  business: {
    vatNumber: "07184320153",
    legalName: "Giulia Ferrari",
  },
  contact: {
    phone: "+39 347 218 4590",
    email: "info@giuliaferrari-nutrizionista.it",
  },
  studios: [
    {
      name: "Studio di Milano",
      street: "Via Giuseppe Verdi 18",
      postalCode: "20121",
      city: "Milano",
      province: "MI",
      mapsUrl: mapsSearch("Via Giuseppe Verdi 18, 20121 Milano"),
    },
    {
      name: "Studio di Monza",
      street: "Corso Garibaldi 45",
      postalCode: "20900",
      city: "Monza",
      province: "MB",
      mapsUrl: mapsSearch("Corso Garibaldi 45, 20900 Monza"),
    },
  ],
  hours: [
    {
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      label: "Lun–Ven",
      opens: "09:00",
      closes: "19:00",
    },
    { days: ["Saturday"], label: "Sab", opens: "09:00", closes: "13:00" },
  ],
  links: {
    booking: "https://prenota.giuliaferrari-nutrizionista.it/",
    doctorProfile: "https://www.miodottore.it/giulia-ferrari/nutrizionista/milano",
    social: { label: "Instagram", url: "https://www.instagram.com/giuliaferrari.nutrizionista/" },
    messaging: { label: "WhatsApp", url: "https://wa.me/393472184590" },
  },
  stats: { patients: "200+", yearsOfExperience: "5+" },
};

const text = z.string().trim().min(1);
const httpsUrl = z.url({ protocol: /^https?$/ });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected HH:MM");
const weekday = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);

const studioSchema = z.object({
  name: text,
  street: text,
  postalCode: z.string().regex(/^\d{5}$/, "expected a 5-digit CAP"),
  city: text,
  province: z.string().regex(/^[A-Z]{2}$/, "expected a 2-letter province code"),
  mapsUrl: httpsUrl,
});

function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(value[i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

export const siteContentSchema = z.object({
  practitioner: z.object({
    name: text,
    title: text,
    tagline: text,
    register: text,
    registerNumber: text,
  }),
  business: z.object({
    vatNumber: z.string().refine(isValidPartitaIva, "not a valid Partita IVA (11 digits, check digit)"),
    legalName: text,
  }),
  contact: z.object({
    phone: z.string().regex(/^\+?[\d\s]{6,20}$/, "expected a phone number such as +39 347 218 4590"),
    email: z.email(),
  }),
  studios: z.tuple([studioSchema, studioSchema]),
  hours: z.array(z.object({ days: z.array(weekday).min(1), label: text, opens: time, closes: time })).min(1),
  links: z.object({
    booking: httpsUrl,
    doctorProfile: httpsUrl,
    social: z.object({ label: text, url: httpsUrl }),
    messaging: z.object({ label: text, url: httpsUrl }),
  }),
  stats: z.object({ patients: text, yearsOfExperience: text }),
}) satisfies z.ZodType<SiteContent>;

export class SiteContentError extends Error {
  override name = "SiteContentError";
}

type Json = unknown;
function mergeOver(base: Json, override: Json): Json {
  if (Array.isArray(override) || typeof override !== "object" || override === null) return override;
  if (typeof base !== "object" || base === null || Array.isArray(base)) return override;
  const merged: Record<string, Json> = { ...(base as Record<string, Json>) };
  for (const [key, value] of Object.entries(override)) merged[key] = mergeOver(merged[key], value);
  return merged;
}

/** Validates the details, optionally overridden by a JSON file; the error names the bad field. */
export function loadSiteContent(overrideFile?: string): SiteContent {
  let override: Json = {};
  if (overrideFile) {
    try {
      override = JSON.parse(readFileSync(overrideFile, "utf8"));
    } catch (error) {
      throw new SiteContentError(`SITE_CONTENT_FILE ${overrideFile}: ${(error as Error).message}`);
    }
  }
  const result = siteContentSchema.safeParse(mergeOver(defaultSiteContent, override));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new SiteContentError(
      `Invalid site content${overrideFile ? ` in ${overrideFile}` : ""}: ${issue.path.join(".")} (${issue.message})`,
    );
  }
  return result.data;
}
