import { describe, expect, it } from "vitest";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { assignStudioKeys, freeStudioKey, studioKeyFromName } from "./studio-keys";

describe("studio keys", () => {
  it("makes a key from a studio's name: lower case, no accents, dashes", () => {
    expect(studioKeyFromName("Studio di Milano")).toBe("studio-di-milano");
    expect(studioKeyFromName("  Forlì – Centro Città ")).toBe("forli-centro-citta");
    expect(studioKeyFromName("Sant'Agata")).toBe("sant-agata");
    expect(studioKeyFromName("★")).toBe("studio");
    // The shape the database's checks accept.
    for (const name of ["Studio di Milano", "Forlì – Centro", "--x--", "A1 b2"])
      expect(studioKeyFromName(name)).toMatch(new RegExp(STUDIO_KEY_PATTERN));
  });

  it("keeps keys apart when two studios have the same name, as booking made them before studios had keys", () => {
    expect(assignStudioKeys([{ name: "Studio" }, { name: "Studio" }, { name: "Monza" }, { name: "studio" }])).toEqual([
      "studio",
      "studio-2",
      "monza",
      "studio-3",
    ]);
  });

  it("keeps each studio's own key and never gives a new studio one in use", () => {
    expect(
      assignStudioKeys([
        { name: "Monza Centro", key: "studio-di-monza" },
        { name: "Studio di Monza" },
        { name: "Lecco" },
      ]),
    ).toEqual(["studio-di-monza", "studio-di-monza-2", "lecco"]);
    expect(freeStudioKey("Lecco", new Set(["lecco", "lecco-2"]))).toBe("lecco-3");
  });
});
