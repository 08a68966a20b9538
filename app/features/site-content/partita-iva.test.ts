import { describe, expect, it } from "vitest";
import { isValidPartitaIva, normalizePartitaIva } from "./partita-iva";

describe("Partita IVA check digit", () => {
  it.each(["07184320153", "01234567897", "00743110157"])("accepts %s", (value) => {
    expect(isValidPartitaIva(value)).toBe(true);
  });

  it.each([
    ["wrong check digit", "07184320154"],
    ["ten digits", "0718432015"],
    ["letters", "0718432015A"],
    ["all zeros", "00000000000"],
  ])("refuses %s", (_why, value) => {
    expect(isValidPartitaIva(value)).toBe(false);
  });

  it("tolerates spaces and the IT prefix", () => {
    expect(normalizePartitaIva("IT 071 843 201 53")).toBe("07184320153");
  });
});
