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
import { servicesSchema } from "./form-schemas";

describe("applying one form to the content", () => {
  it("changes only the form's part and keeps the services' anchors", () => {
    const services = servicesSchema.parse({
      services: defaultSiteContent.services.map((s, i) => ({
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
    const body = new FormData();
    body.set("version", "1");
    body.set("image", new File([new Uint8Array(image)], "ritratto.jpg", { type: "image/jpeg" }));
    const request = new Request("http://localhost/admin/contenuti/ritratto", { method: "POST", body });
    const busy = vi.spyOn(decodeQueue, "run").mockRejectedValueOnce(new DecodeQueueFullError("decode queue full"));
    const logger = pino({ level: "silent" });
    const result = await uploadPortrait({ siteContent: siteContent as never, media, logger }, request);
    busy.mockRestore();
    expect(result).toMatchObject({ ok: false, status: 503, message: expect.stringContaining("riprova tra poco") });
    expect(save).not.toHaveBeenCalled();
  });
});
