import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "~/core/format/slug";

describe("addresses from titles", () => {
  it("drops accents, apostrophes and punctuation, keeping the words", () => {
    expect(slugify("Insalata di farro, ceci e verdure")).toBe("insalata-di-farro-ceci-e-verdure");
    expect(slugify("Crème brûlée all'arancia")).toBe("creme-brulee-all-arancia");
    expect(slugify("  Pasta  &  fagioli (versione 2.0) ")).toBe("pasta-fagioli-versione-2-0");
    expect(slugify("Perché no? Più verdure!")).toBe("perche-no-piu-verdure");
  });

  it("gives an address the database accepts, cut at a word within the limit", () => {
    const long = slugify("Vellutata ".repeat(20));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long.endsWith("vellutata")).toBe(true);
    for (const title of ["Torta salata", "Œufs à la neige", "Straße", "Ä"])
      expect(slugify(title)).toMatch(SLUG_PATTERN);
  });

  it("is empty when the title has no letter or digit it can use", () => {
    expect(slugify("¿¡ !")).toBe("");
    expect(slugify("日本")).toBe("");
  });
});
