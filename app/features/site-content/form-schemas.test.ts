import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { defaultSiteContent } from "./defaults";
import { TEXT_MESSAGES } from "~/core/forms/field-rules";
import { editorSchema } from "./editor-groups";
import { practiceSchema, studiosSchema, textsSchema, versionRestoreSchema } from "./form-schemas";
import { hoursSchema } from "./hours-schema";
import { CONTENT_MESSAGES } from "./messages";
import { siteContentSchema } from "./stored-content-schema";

const STALE_FORM_MESSAGE = CONTENT_MESSAGES.staleForm;

/** The first message for each field path, as a form shows them. */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const practice = () =>
  structuredClone({
    practitioner: defaultSiteContent.practitioner,
    business: defaultSiteContent.business,
    contact: defaultSiteContent.contact,
    links: defaultSiteContent.links,
    stats: defaultSiteContent.stats,
  });

const day = (d: string, ranges: { opens?: string; closes?: string }[], closed?: string) => ({ day: d, ranges, closed });
const openWeek = () =>
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) =>
    day(d, [
      { opens: "09:00", closes: "13:00" },
      { opens: "", closes: "" },
    ]),
  );

describe("editor schemas", () => {
  it("accept the defaults", () => {
    expect(siteContentSchema.parse(defaultSiteContent)).toEqual(defaultSiteContent);
    expect(practiceSchema.safeParse(practice()).success).toBe(true);
  });

  it("let the home's figures be left empty: the home then leaves each out", () => {
    const value = practice();
    value.stats = { patients: "", yearsOfExperience: " " };
    const parsed = practiceSchema.safeParse(value);
    expect(parsed.success && parsed.data.stats).toEqual({ patients: "", yearsOfExperience: "" });
  });

  it("refuse a Partita IVA with a wrong check digit, and an empty one for the legal line", () => {
    const bad = practice();
    bad.business.vatNumber = "07184320154";
    expect(errors(practiceSchema, bad)["business.vatNumber"]).toMatch(/^Partita IVA non valida/);
    bad.business.vatNumber = "  ";
    expect(errors(practiceSchema, bad)["business.vatNumber"]).toBe(
      "La Partita IVA è obbligatoria: per legge compare in fondo a ogni pagina.",
    );
  });

  it("keep the register line: neither register nor number may be emptied", () => {
    const bad = practice();
    bad.practitioner.register = "";
    bad.practitioner.registerNumber = "";
    const e = errors(practiceSchema, bad);
    expect(e["practitioner.register"]).toMatch(/obbligatorio: per legge/);
    expect(e["practitioner.registerNumber"]).toMatch(/obbligatorio: per legge/);
  });

  it("refuse malformed and non-web URLs", () => {
    for (const url of ["www.esempio", "javascript:alert(1)", "https://", "ftp://esempio.it/x", "https://esempio"]) {
      const bad = practice();
      bad.links.booking = url;
      expect(errors(practiceSchema, bad)["links.booking"], url).toMatch(/^Indirizzo web non valido/);
    }
  });

  it("take every external link as optional, a named link only with its name", () => {
    const value = practice();
    value.links = {
      booking: "",
      doctorProfile: " ",
      social: { label: "", url: "" },
      messaging: { label: "", url: "" },
    };
    const parsed = practiceSchema.parse(value);
    expect(parsed.links).toEqual({
      booking: "",
      doctorProfile: "",
      social: { label: "", url: "" },
      messaging: { label: "", url: "" },
    });
    value.links.social = { label: "", url: "https://instagram.com/studio" };
    expect(errors(practiceSchema, value)).toEqual({
      "links.social.label": "Indica il nome del social (es. Instagram).",
    });
  });

  it("normalise what people type: IT prefix and spaces in the Partita IVA, lower-case province", () => {
    const value = practice();
    value.business.vatNumber = "IT 07184320153";
    expect(practiceSchema.parse(value).business.vatNumber).toBe("07184320153");
    const studio = { ...defaultSiteContent.studios[0]!, province: "mi", mapsUrl: "" };
    expect(studiosSchema.parse({ studios: [studio] }).studios[0]).toMatchObject({ province: "MI", mapsUrl: "" });
  });

  it("refuse a 100,000-character text and markup", () => {
    const texts = { ...defaultSiteContent.texts, about: "a".repeat(100_000) };
    expect(errors(textsSchema, { texts })["texts.about"]).toBe("Testo troppo lungo: al massimo 5000 caratteri.");
    const html = { ...defaultSiteContent.texts, heroTitle: "<script>alert(1)</script>" };
    expect(errors(textsSchema, { texts: html })["texts.heroTitle"]).toMatch(/senza codice HTML/);
  });

  it("require at least one studio", () => {
    expect(errors(studiosSchema, { studios: [] })["studios"]).toMatch(/almeno uno studio/);
  });

  describe("hours", () => {
    it("keep one or two ranges, drop empty ones and mark closed days", () => {
      const value = openWeek();
      value[0] = day("Monday", [
        { opens: "15:00", closes: "19:00" },
        { opens: "9:00", closes: "13.00" },
      ]);
      value[6] = day("Sunday", [{ opens: "09:00", closes: "13:00" }], "on");
      const parsed = hoursSchema.parse({
        studios: [{ key: "studio-di-milano", hours: value }],
        onlineHours: openWeek(),
      }).studios[0]!.hours;
      expect(parsed[0]!.ranges).toEqual([
        { opens: "09:00", closes: "13:00" },
        { opens: "15:00", closes: "19:00" },
      ]);
      expect(parsed[1]!.ranges).toEqual([{ opens: "09:00", closes: "13:00" }]);
      expect(parsed[6]!.ranges).toEqual([]);
    });

    it("refuse overlapping ranges, an end before the start and half a range", () => {
      const value = openWeek();
      value[0] = day("Monday", [
        { opens: "09:00", closes: "14:00" },
        { opens: "13:00", closes: "19:00" },
      ]);
      value[1] = day("Tuesday", [{ opens: "19:00", closes: "09:00" }]);
      value[2] = day("Wednesday", [{ opens: "09:00", closes: "" }]);
      value[3] = day("Thursday", [{ opens: "25:00", closes: "26:00" }]);
      const e = errors(hoursSchema, { studios: [{ key: "studio-di-milano", hours: value }], onlineHours: openWeek() });
      expect(e["studios.0.hours.0.ranges.1.opens"]).toMatch(/si sovrappongono/);
      expect(e["studios.0.hours.1.ranges.0.closes"]).toBe("La chiusura deve essere dopo l'apertura.");
      expect(e["studios.0.hours.2.ranges.0.closes"]).toBe("Indica anche l'orario di chiusura.");
      expect(e["studios.0.hours.3.ranges.0.opens"]).toMatch(/^Orario non valido/);
    });

    it("read a week per studio, by key, and the online visits' week, each with the same rules", () => {
      const monza = openWeek();
      monza[0] = day("Monday", [], "on");
      const online = openWeek();
      online[4] = day("Friday", [{ opens: "18:00", closes: "" }]);
      const form = {
        studios: [
          { key: "studio-di-milano", hours: openWeek() },
          { key: "studio-di-monza", hours: monza },
        ],
        onlineHours: online,
      };
      expect(errors(hoursSchema, form)).toEqual({
        "onlineHours.4.ranges.0.closes": "Indica anche l'orario di chiusura.",
      });
      online[4] = day("Friday", [{ opens: "18:00", closes: "20:00" }]);
      const parsed = hoursSchema.parse(form);
      expect(parsed.studios.map((s) => s.key)).toEqual(["studio-di-milano", "studio-di-monza"]);
      expect(parsed.studios[0]!.hours[0]!.ranges).toEqual([{ opens: "09:00", closes: "13:00" }]);
      expect(parsed.studios[1]!.hours[0]!.ranges).toEqual([]);
      expect(parsed.onlineHours[4]!.ranges).toEqual([{ opens: "18:00", closes: "20:00" }]);
      // A key is the form's own hidden field: one that is not a key means the page needs reloading.
      expect(errors(hoursSchema, { ...form, studios: [{ key: "Studio di Milano", hours: monza }] })).toEqual({
        "studios.0.key": STALE_FORM_MESSAGE,
      });
    });
  });

  it("refuse a line break in a one-line field and NUL in any, keep a paragraph's line breaks", () => {
    const texts = { ...defaultSiteContent.texts, heroTitle: "Titolo\nsu due righe", about: "Uno.\n\nDue.\u0000" };
    expect(errors(textsSchema, { texts })).toEqual({
      "texts.heroTitle": TEXT_MESSAGES.oneLine,
      "texts.about": TEXT_MESSAGES.multiLine,
    });
    const paragraphs = { ...defaultSiteContent.texts, about: "Uno.\r\n\r\nDue,\tcon un tab." };
    expect(textsSchema.safeParse({ texts: paragraphs }).success).toBe(true);
    const practice = structuredClone(defaultSiteContent);
    practice.contact.phone = "+39 347\n218 4590";
    practice.links.social.url = "https://www.esempio.it/\u0000";
    expect(errors(siteContentSchema, practice)).toMatchObject({
      "contact.phone": TEXT_MESSAGES.oneLine,
      "links.social.url": TEXT_MESSAGES.oneLine,
    });
  });

  it("take a version only within PostgreSQL's integer (a larger one is a broken form, not a database error)", () => {
    const texts = defaultSiteContent.texts;
    expect(editorSchema("testi").safeParse({ version: "2147483647", texts }).success).toBe(true);
    for (const version of ["2147483648", "1e20", "-1", "1.5", "abc"]) {
      expect(errors(editorSchema("testi"), { version, texts }), version).toEqual({ version: STALE_FORM_MESSAGE });
    }
    expect(versionRestoreSchema.safeParse({ restore: "1e20", version: "3" }).success).toBe(false);
    expect(versionRestoreSchema.safeParse({ restore: "2", version: "3" }).data).toEqual({ restore: 2, version: 3 });
  });
});
