import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./defaults";
import { applyGroup } from "./editor.server";
import { servicesSchema } from "./schemas";

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
