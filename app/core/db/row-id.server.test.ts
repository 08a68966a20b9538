import { describe, expect, it } from "vitest";
import { isRowId } from "./row-id.server";

describe("isRowId", () => {
  it("takes the database's uuids, of any version and in either case", () => {
    expect(isRowId("3e3332fc-a502-4b82-b701-021c23b8f313")).toBe(true);
    expect(isRowId("0192F3A1-7C2B-7D3E-8F40-1A2B3C4D5E6F")).toBe(true);
  });

  it("refuses what names no row: a slug, a number, a uuid cut short or padded, SQL", () => {
    for (const id of [
      "",
      "ricetta-1",
      "42",
      "3e3332fc-a502-4b82-b701-021c23b8f31",
      " 3e3332fc-a502-4b82-b701-021c23b8f313",
      "' or 1=1 --",
    ])
      expect(isRowId(id), id).toBe(false);
  });
});
