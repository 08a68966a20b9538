import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { versionChanges, withSectionFrom } from "./version-changes";

const now = structuredClone(defaultSiteContent);
const then = structuredClone(defaultSiteContent);
then.contact.phone = "+39 02 1111 2222";
then.texts.tagline = "Un altro motto";
then.studios[1]!.hours = then.studios[1]!.hours.map((day) =>
  day.day === "Saturday" ? { day: "Saturday", ranges: [] } : day,
);
then.studios = [...then.studios, { ...then.studios[0]!, key: "studio-di-como", name: "Studio di Como", city: "Como" }];

describe("what restoring a version would change", () => {
  it("lists nothing for the same content", () => {
    expect(versionChanges(now, structuredClone(now))).toEqual([]);
  });

  it("names each changed field with the form's label, now and in the version, section by section", () => {
    const changes = versionChanges(now, then);
    expect(changes.map((c) => c.group)).toEqual(["pratica", "studi", "orari", "testi"]);
    expect(changes[0]!.changes).toEqual([{ label: "Telefono", now: now.contact.phone, inVersion: "+39 02 1111 2222" }]);
    // A studio only the version has: its fields are empty now.
    const added = changes[1]!.changes.find((c) => c.label.endsWith(": nome"));
    expect(added).toMatchObject({ now: "", inVersion: "Studio di Como" });
    expect(changes[2]!.changes).toEqual([{ label: "Studio di Monza: sabato", now: "9:00–13:00", inVersion: "Chiuso" }]);
    expect(changes[3]!.changes).toEqual([
      { label: "Motto della pagina iniziale", now: now.texts.tagline, inVersion: "Un altro motto" },
    ]);
  });

  it("restores one section and leaves every other as it is now", () => {
    const restored = withSectionFrom(now, then, "pratica");
    expect(restored.contact.phone).toBe("+39 02 1111 2222");
    expect(restored.texts.tagline).toBe(now.texts.tagline);
    expect(restored.studios).toEqual(now.studios);
    expect(versionChanges(restored, then).map((c) => c.group)).toEqual(["studi", "orari", "testi"]);
  });

  it("restores each studio's hours by its key, whatever its name or place in the list, and the online week", () => {
    const renamed = structuredClone(now);
    renamed.studios.reverse();
    renamed.studios[0]!.name = "Monza Centro";
    renamed.onlineHours = renamed.onlineHours.map((day) => ({ ...day, ranges: [] }));
    const changes = versionChanges(renamed, then).find((c) => c.group === "orari")!.changes;
    expect(changes.map((c) => c.label)).toEqual([
      "Monza Centro: sabato",
      ...["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"].map((d) => `Visite online: ${d}`),
    ]);
    const restored = withSectionFrom(renamed, then, "orari");
    expect(restored.studios.map((s) => [s.key, s.name])).toEqual([
      ["studio-di-monza", "Monza Centro"],
      ["studio-di-milano", "Studio di Milano"],
    ]);
    expect(restored.studios[0]!.hours[5]).toEqual({ day: "Saturday", ranges: [] });
    expect(restored.onlineHours).toEqual(then.onlineHours);
    // Restoring the studios brings back their list and addresses, each keeping its hours of now.
    const studios = withSectionFrom(renamed, then, "studi");
    expect(studios.studios.map((s) => s.name)).toEqual(["Studio di Milano", "Studio di Monza", "Studio di Como"]);
    expect(studios.studios[1]!.hours).toEqual(renamed.studios[0]!.hours);
  });
});
