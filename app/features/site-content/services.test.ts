import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { applyGroup } from "./editor.server";
import { servicesSchema } from "./form-schemas";
import { practiceJsonLd } from "./practice-json-ld.server";
import { siteContentSchema } from "./stored-content-schema";
import { PRICE_MESSAGE, PRICE_ORDER_MESSAGE } from "./service-price";

/** A service as the editor's form sends it: its id (empty for a new one), price as typed. */
const sent = (title: string, extra: { id?: string; price?: string } = {}) => ({
  id: extra.id ?? "",
  icon: "plan",
  title,
  description: `Descrizione di ${title}.`,
  price: extra.price ?? "",
});

const fromDefaults = () => defaultSiteContent.services.map((s) => ({ ...s }));

function firstMessage(value: unknown): string | undefined {
  const result = servicesSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
}

describe("her list of services", () => {
  it("starts from the specification's six, and may hold from one to twelve", () => {
    expect(defaultSiteContent.services.map((s) => s.title)).toEqual([
      "Piani alimentari personalizzati",
      "Educazione alimentare",
      "Nutrizione pediatrica",
      "Gestione del peso",
      "Nutrizione e patologie",
      "Nutrizione sportiva",
    ]);
    expect(servicesSchema.safeParse({ services: fromDefaults() }).success).toBe(true);
    expect(servicesSchema.safeParse({ services: [sent("Consulenza")] }).success).toBe(true);
    const twelve = Array.from({ length: 12 }, (_, i) => sent(`Servizio ${i + 1}`));
    expect(servicesSchema.safeParse({ services: twelve }).success).toBe(true);
    expect(firstMessage({ services: [...twelve, sent("Tredicesimo")] })).toBe("Al massimo 12 servizi.");
    expect(firstMessage({ services: [] })).toBe("Serve almeno un servizio: la home ne mostra l'elenco.");
  });

  it("takes a price as she writes it, or none, and refuses anything else in Italian", () => {
    for (const price of [
      "80 €",
      "da 80 €",
      "80-120 €",
      "80 – 120 €",
      "€ 80",
      "Da 1.200 €",
      "45,50 €",
      "a partire da 60 €",
    ])
      expect(servicesSchema.parse({ services: [sent("Visita", { price })] }).services[0]!.price, price).toBe(price);
    expect(servicesSchema.parse({ services: [sent("Visita", { price: "  " })] }).services[0]!.price).toBe("");
    expect(servicesSchema.parse({ services: [sent("Visita", { price: " da  80   € " })] }).services[0]!.price).toBe(
      "da 80 €",
    );
    for (const price of ["80", "ottanta euro", "80 euro", "sconto 80 €", "80 € invece di 100 €", "da 80-120 €", "€"])
      expect(firstMessage({ services: [sent("Visita", { price })] }), price).toBe(PRICE_MESSAGE);
    expect(firstMessage({ services: [sent("Visita", { price: "120-80 €" })] })).toBe(PRICE_ORDER_MESSAGE);
    expect(firstMessage({ services: [sent("Visita", { price: `${"1".repeat(41)} €` })] })).toMatch(/al massimo 40/);
  });

  it("reads what existing sites stored: six services without a price", () => {
    const stored = structuredClone(defaultSiteContent) as unknown as { services: Record<string, unknown>[] };
    for (const service of stored.services) delete service.price;
    const content = siteContentSchema.parse(stored);
    expect(content.services).toHaveLength(6);
    expect(content.services.every((s) => s.price === "")).toBe(true);
    expect(content.services.map((s) => s.id)).toEqual(defaultSiteContent.services.map((s) => s.id));
  });

  it("keeps each service's anchor through renames and moves; a new one gets its own from its title", () => {
    const [first, second, third] = defaultSiteContent.services;
    const value = servicesSchema.parse({
      services: [
        sent("Nutrizione in gravidanza"),
        { ...third!, title: "Bambini e ragazzi" },
        sent("Prima visita", { id: first!.id, price: "da 80 €" }),
        sent("Contatti"),
      ],
    });
    const next = applyGroup(defaultSiteContent, "servizi", value);
    expect(next.services.map((s) => s.id)).toEqual([
      "servizio-nutrizione-in-gravidanza",
      third!.id,
      first!.id,
      // Never a section of the home's name.
      "servizio-contatti",
    ]);
    expect(next.services[2]).toMatchObject({ title: "Prima visita", price: "da 80 €" });
    expect(next.services.some((s) => s.id === second!.id)).toBe(false);
    expect(siteContentSchema.parse(next)).toEqual(next);
  });

  it("gives a form loaded before services carried their id the ids of the services of the same title", () => {
    const value = servicesSchema.parse({
      services: fromDefaults()
        .reverse()
        .map(({ id: _id, ...service }) => service),
    });
    const next = applyGroup(defaultSiteContent, "servizi", value);
    expect(next.services.map((s) => s.id)).toEqual(
      fromDefaults()
        .reverse()
        .map((s) => s.id),
    );
  });

  it("refuses two services with one id (a stale or forged form)", () => {
    const [first] = fromDefaults();
    expect(firstMessage({ services: [first, { ...first, title: "Copia" }] })).toMatch(/ricarica la pagina/);
  });
});

describe("prices in the practice's structured data", () => {
  it("gives each priced service's Offer a PriceSpecification in euros: 'da' a minPrice, a range both ends", () => {
    const content = structuredClone(defaultSiteContent);
    content.services[0]!.price = "80 €";
    content.services[1]!.price = "da 60 €";
    content.services[2]!.price = "80-120 €";
    content.services[3]!.price = "€ 1.200,50";
    const offers = practiceJsonLd(content, "https://www.esempio.it").hasOfferCatalog.itemListElement;
    expect(offers[0]).toMatchObject({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: "Piani alimentari personalizzati" },
      priceSpecification: { "@type": "PriceSpecification", priceCurrency: "EUR", price: 80 },
    });
    expect(offers[1]!.priceSpecification).toEqual({
      "@type": "PriceSpecification",
      priceCurrency: "EUR",
      minPrice: 60,
    });
    expect(offers[2]!.priceSpecification).toEqual({
      "@type": "PriceSpecification",
      priceCurrency: "EUR",
      minPrice: 80,
      maxPrice: 120,
    });
    expect(offers[3]!.priceSpecification).toMatchObject({ price: 1200.5 });
    // No price shown, none claimed.
    expect(offers[4]).not.toHaveProperty("priceSpecification");
    expect(offers).toHaveLength(6);
  });
});
