import { describe, expect, it } from "vitest";
import { paragraphs } from "./paragraphs";

describe("plain text as paragraphs", () => {
  it("splits paragraphs at blank lines and keeps single line breaks as lines", () => {
    expect(paragraphs("Uno.\nsotto\n\nDue.")).toEqual([["Uno.", "sotto"], ["Due."]]);
  });

  it("reads Windows and old Mac line ends alike, and a blank line of spaces as blank", () => {
    expect(paragraphs("Uno.\r\n\r\nDue.\rtre")).toEqual([["Uno."], ["Due.", "tre"]]);
    expect(paragraphs("Uno.\n  \t\nDue.")).toEqual([["Uno."], ["Due."]]);
  });

  it("trims each line and drops empty paragraphs and lines", () => {
    expect(paragraphs("\n\n  Uno.  \n\n\n\n  \n Due. \n")).toEqual([["Uno."], ["Due."]]);
    expect(paragraphs("")).toEqual([]);
  });
});
