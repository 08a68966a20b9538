import { describe, expect, it } from "vitest";
import { countOf, pluralForm } from "./plural";

describe("Italian plural forms", () => {
  it("says one as singular and every other count, zero and decimals included, as plural", () => {
    const forms = ["ricetta", "ricette"] as const;
    expect([0, 1, 2, 1.5, 21].map((n) => pluralForm(n, forms))).toEqual([
      "ricette",
      "ricetta",
      "ricette",
      "ricette",
      "ricette",
    ]);
    expect(countOf(1, ["recensione", "recensioni"])).toBe("1 recensione");
    expect(countOf(12345, ["foto", "foto"])).toBe("12.345 foto");
  });
});
