import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { DecodeQueueFullError } from "~/core/media/decode-queue.server";
import { decodeQueue } from "~/core/media/image-pipeline.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { defaultSiteContent } from "./defaults";
import { applyGroup, uploadPortrait } from "./editor.server";
import { servicesSchema, studiosSchema } from "./form-schemas";
import { hoursSchema } from "./hours-schema";

describe("applying one form to the content", () => {
  it("changes only the form's part and keeps the services' anchors", () => {
    const services = servicesSchema.parse({
      services: defaultSiteContent.services.map((s, i) => ({
        id: s.id,
        icon: "sport",
        title: `Servizio ${i + 1}`,
        description: s.description,
      })),
    });
    const next = applyGroup(defaultSiteContent, "servizi", services);
    expect(next.services.map((s) => s.id)).toEqual(defaultSiteContent.services.map((s) => s.id));
    expect(next.services[0]).toMatchObject({ icon: "sport", title: "Servizio 1" });
    expect(next.texts).toEqual(defaultSiteContent.texts);
  });

  it("moves the portrait's focus without touching its image", () => {
    const image = {
      width: 800,
      height: 1000,
      format: "webp" as const,
      variants: [{ key: "site/a.webp", width: 800, height: 1000 }],
    };
    const content = { ...defaultSiteContent, portrait: { image, focusX: 50, focusY: 30 } };
    const next = applyGroup(content, "ritratto", { portrait: { focusX: 20, focusY: 80 } });
    expect(next.portrait).toEqual({ image, focusX: 20, focusY: 80 });
  });
});

describe("applying the studios and the hours", () => {
  const studioForm = (studios: Record<string, string>[]) => studiosSchema.parse({ studios });
  const address = ({ key: _key, hours: _hours, ...studio }: (typeof defaultSiteContent.studios)[number]) => studio;

  it("keeps a studio's key and hours when it is renamed or moved; a new one gets a new key and a closed week", () => {
    const [milano, monza] = defaultSiteContent.studios;
    const next = applyGroup(
      defaultSiteContent,
      "studi",
      studioForm([
        { ...address(monza!), key: "studio-di-monza", name: "Monza Centro" },
        { ...address(milano!), key: "", name: "Studio di Lecco" },
        { ...address(milano!), key: "studio-di-milano", name: "Milano Brera" },
      ]),
    );
    expect(next.studios.map((s) => [s.key, s.name])).toEqual([
      ["studio-di-monza", "Monza Centro"],
      ["studio-di-lecco", "Studio di Lecco"],
      ["studio-di-milano", "Milano Brera"],
    ]);
    expect(next.studios[0]!.hours).toEqual(monza!.hours);
    expect(next.studios[1]!.hours.every((day) => day.ranges.length === 0)).toBe(true);
    expect(next.studios[2]!.hours).toEqual(milano!.hours);
  });

  it("takes a studio sent without a key under the name of one no longer listed as that studio", () => {
    const [milano, monza] = defaultSiteContent.studios;
    const form = studioForm([
      { ...address(milano!), key: "" },
      { ...address(monza!), key: "" },
      { ...address(monza!), key: "" },
    ]);
    const next = applyGroup(defaultSiteContent, "studi", form);
    expect(next.studios.map((s) => s.key)).toEqual(["studio-di-milano", "studio-di-monza", "studio-di-monza-2"]);
    expect(next.studios[1]!.hours).toEqual(monza!.hours);
    // Renamed in the same form: the name was taken by no other, so the one sent without a key is new.
    const renamed = applyGroup(
      defaultSiteContent,
      "studi",
      studioForm([
        { ...address(milano!), key: "studio-di-milano", name: "Studio di Monza" },
        { ...address(monza!), key: "studio-di-monza" },
      ]),
    );
    expect(renamed.studios.map((s) => s.key)).toEqual(["studio-di-milano", "studio-di-monza"]);
  });

  it("sets each studio's week by its key and the online visits' week", () => {
    const closedMonday = structuredClone(defaultSiteContent.studios[1]!.hours);
    closedMonday[0] = { day: "Monday", ranges: [] };
    const week = (hours: typeof closedMonday) =>
      hours.map((d) => ({ day: d.day, closed: d.ranges.length ? undefined : "on", ranges: d.ranges }));
    const value = hoursSchema.parse({
      studios: [{ key: "studio-di-monza", hours: week(closedMonday) }],
      onlineHours: week(closedMonday),
    });
    const next = applyGroup(defaultSiteContent, "orari", value);
    expect(next.studios[0]!.hours).toEqual(defaultSiteContent.studios[0]!.hours);
    expect(next.studios[1]!.hours).toEqual(closedMonday);
    expect(next.onlineHours).toEqual(closedMonday);
    expect(next.studios.map((s) => s.name)).toEqual(["Studio di Milano", "Studio di Monza"]);
  });
});

describe("uploading the portrait", () => {
  it("answers 503 like every upload while the decode queue is full, publishing nothing", async () => {
    const save = vi.fn();
    const siteContent = {
      current: async () => ({ version: 1, content: defaultSiteContent, savedAt: new Date().toISOString() }),
      save,
    };
    const media = createLocalMediaStorage(mkdtempSync(path.join(os.tmpdir(), "portrait-")));
    const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const file = new File([new Uint8Array(image)], "ritratto.jpg", { type: "image/jpeg" });
    const busy = vi.spyOn(decodeQueue, "run").mockRejectedValueOnce(new DecodeQueueFullError("decode queue full"));
    const logger = pino({ level: "silent" });
    const result = await uploadPortrait({ siteContent: siteContent as never, media, logger }, { file, baseVersion: 1 });
    busy.mockRestore();
    expect(result).toMatchObject({
      ok: false,
      reason: "image",
      detail: { status: 503, message: expect.stringContaining("riprova tra poco") },
    });
    expect(save).not.toHaveBeenCalled();
  });
});
