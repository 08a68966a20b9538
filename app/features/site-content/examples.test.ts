import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { examplesLeft } from "./examples";

const labels = (content: typeof defaultSiteContent) => examplesLeft(content).map((e) => `${e.group}: ${e.label}`);

describe("the example details still on the site (issue 46 item 1)", () => {
  it("names each fictional detail of the first version, with its form", () => {
    expect(labels(defaultSiteContent)).toEqual([
      "chi: il nome",
      "chi: il numero di iscrizione all'albo",
      "chi: la Partita IVA",
      "chi: l'intestatario della Partita IVA",
      "studi: l'indirizzo dello Studio di Milano",
      "studi: l'indirizzo dello Studio di Monza",
      "contatti: il telefono",
      "contatti: l'e-mail",
      "contatti: i link (prenotazioni, social, messaggi)",
    ]);
  });

  it("points out a text that names a city none of her studios is in, or the example's person, while the placeholders follow her", () => {
    const hers = {
      ...defaultSiteContent,
      practitioner: { ...defaultSiteContent.practitioner, name: "Dott.ssa Chiara Rinaldi", registerNumber: "AA_1" },
      business: { vatNumber: "12345678903", legalName: "Chiara Rinaldi" },
      studios: [{ ...defaultSiteContent.studios[0]!, street: "Via Roma 12", city: "Torino" }],
      texts: {
        ...defaultSiteContent.texts,
        tagline: "La nutrizionista di Monza",
        servicesIntro: "Come ti dirà Giulia Ferrari, …",
      },
    };
    expect(labels(hers).filter((label) => label.startsWith("testi"))).toEqual([
      "testi: il motto",
      "testi: l'introduzione dei servizi",
    ]);
  });
});
