import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import type { DayHours } from "./site-content";
import { siteContentSchema, upgradeLegacyContent } from "./stored-content-schema";

const mornings: DayHours[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map(
  (day, i) => ({ day: day as DayHours["day"], ranges: i < 5 ? [{ opens: "09:00", closes: "13:00" }] : [] }),
);

/** Content as the release before per-studio hours stored it (and its backups hold it): one `hours`, studios without key. */
function legacyContent(hours: DayHours[] = mornings) {
  const { studios, onlineHours: _online, ...rest } = structuredClone(defaultSiteContent);
  return { ...rest, studios: studios.map(({ key: _key, hours: _hours, ...studio }) => studio), hours };
}

describe("stored content from before studios had their own hours", () => {
  it("gives each studio and the online visits the old shared hours, and each studio the key booking made from its name", () => {
    const content = siteContentSchema.parse(legacyContent());
    expect(content.studios.map((s) => s.key)).toEqual(["studio-di-milano", "studio-di-monza"]);
    for (const studio of content.studios) expect(studio.hours).toEqual(mornings);
    expect(content.onlineHours).toEqual(mornings);
    expect(content).not.toHaveProperty("hours");
    // Everything else as it was.
    expect(content.studios[1]).toMatchObject({ name: "Studio di Monza", street: "Corso Garibaldi 45" });
    expect(content.texts).toEqual(defaultSiteContent.texts);
  });

  it("reads an old backup's content whole: studios with one name, renamed ones, a portrait", () => {
    const backup = JSON.parse(
      JSON.stringify({
        ...legacyContent(),
        studios: [
          { ...legacyContent().studios[0]!, name: "Studio" },
          { ...legacyContent().studios[1]!, name: "Studio" },
          { ...legacyContent().studios[1]!, name: "Forlì – Centro" },
        ],
        portrait: {
          image: {
            width: 800,
            height: 1000,
            format: "webp",
            variants: [{ key: "site/a.webp", width: 800, height: 1000 }],
          },
          focusX: 40,
          focusY: 20,
        },
      }),
    );
    const content = siteContentSchema.parse(backup);
    expect(content.studios.map((s) => s.key)).toEqual(["studio", "studio-2", "forli-centro"]);
    expect(content.portrait.focusX).toBe(40);
  });

  it("lets the old top-level hours win over what the defaults merged in beside them (an old seed file)", () => {
    // A seed file of the old shape that set only the hours, merged over today's defaults.
    const merged = { ...structuredClone(defaultSiteContent), hours: mornings };
    const content = siteContentSchema.parse(merged);
    expect(content.studios.map((s) => s.key)).toEqual(["studio-di-milano", "studio-di-monza"]);
    expect(content.studios.every((s) => JSON.stringify(s.hours) === JSON.stringify(mornings))).toBe(true);
    expect(content.onlineHours).toEqual(mornings);
  });

  it("leaves content of today's shape as it is", () => {
    expect(upgradeLegacyContent(defaultSiteContent)).toBe(defaultSiteContent);
    expect(siteContentSchema.parse(defaultSiteContent)).toEqual(defaultSiteContent);
  });

  it("refuses two studios with one key", () => {
    const content = structuredClone(defaultSiteContent);
    content.studios[1]!.key = "studio-di-milano";
    expect(siteContentSchema.safeParse(content).success).toBe(false);
  });
});
