import { describe, expect, it } from "vitest";
import { requestNote } from "./booking-steps";

describe("the note before a request's button", () => {
  it("says within how many hours she answers, and before the visit in any case", () => {
    expect(requestNote(48)).toBe(
      "Richiesta: la dottoressa ti conferma l'orario per e-mail entro 48 ore, e comunque prima della visita; fino ad allora l'orario resta riservato a te.",
    );
    expect(requestNote(1)).toContain("entro un'ora,");
  });
});
