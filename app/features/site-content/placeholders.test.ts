import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { fillPlaceholders, withDetailsFilled } from "./placeholders";

const hers = {
  ...defaultSiteContent,
  practitioner: {
    name: "Dott.ssa Chiara Rinaldi",
    title: "Biologa Nutrizionista",
    register: "Ordine dei Biologi del Piemonte",
    registerNumber: "AA_071234",
  },
  studios: [
    { ...defaultSiteContent.studios[0]!, city: "Torino" },
    { ...defaultSiteContent.studios[1]!, city: "Asti" },
    { ...defaultSiteContent.studios[1]!, key: "terzo", city: "Torino" },
  ],
};

describe("her details in her texts (decision 66)", () => {
  it("fills each placeholder from her details, the cities once each and joined in Italian", () => {
    expect(fillPlaceholders("Sono {nome}, {titolo}, iscritta all'{albo} (n. {numero}); ricevo a {citta}.", hers)).toBe(
      "Sono la Dott.ssa Chiara Rinaldi, Biologa Nutrizionista, iscritta all'Ordine dei Biologi del Piemonte (n. AA_071234); ricevo a Torino e Asti.",
    );
  });

  it("puts the article before a title as Italian does, and never twice", () => {
    expect(fillPlaceholders("I consigli di {nome}. Con {nome}. Sono la {nome}.", hers)).toBe(
      "I consigli della Dott.ssa Chiara Rinaldi. Con la Dott.ssa Chiara Rinaldi. Sono la Dott.ssa Chiara Rinaldi.",
    );
    const his = { ...hers, practitioner: { ...hers.practitioner, name: "Dott. Marco Bianchi" } };
    expect(fillPlaceholders("Sono {nome}, i consigli di {nome}", his)).toBe(
      "Sono il Dott. Marco Bianchi, i consigli del Dott. Marco Bianchi",
    );
    const untitled = { ...hers, practitioner: { ...hers.practitioner, name: "Chiara Rinaldi" } };
    expect(fillPlaceholders("Sono {nome}, i consigli di {nome}", untitled)).toBe(
      "Sono Chiara Rinaldi, i consigli di Chiara Rinaldi",
    );
  });

  it("takes {città} and capitals as typed on a phone, and leaves any other brace as she wrote it", () => {
    expect(fillPlaceholders("{Città} – {NOME} – {altro} – {nome", hers)).toBe(
      "Torino e Asti – Dott.ssa Chiara Rinaldi – {altro} – {nome",
    );
  });

  it("keeps a detail as plain text: nothing in it is read as a placeholder again or as markup", () => {
    const odd = { ...hers, practitioner: { ...hers.practitioner, name: "{titolo} & <b>" } };
    expect(fillPlaceholders("{nome}", odd)).toBe("{titolo} & <b>");
  });

  it("the first version's texts follow her details: no example's name or city once she changed them", () => {
    const { texts } = withDetailsFilled({ ...defaultSiteContent, ...hers });
    const all = Object.values(texts).join("\n");
    expect(all).toContain("Sono la Dott.ssa Chiara Rinaldi, Biologa Nutrizionista.");
    expect(all).toContain("ricevo negli studi di Torino e Asti.");
    for (const example of ["Giulia Ferrari", "Lombardia", "AA_084512", "Milano", "Monza"])
      expect(all).not.toContain(example);
  });
});
