import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "~/features/site-content/defaults";
import { keepableIn } from "~/features/site-content/editor.server";
import { withKeptFields } from "./kept-fields.server";

describe("«Tieni il testo d'esempio»", () => {
  it("put the example's text back in a field she kept empty, and name only this form's keepable fields", () => {
    const form = new FormData();
    form.set("texts.about", "");
    form.set("texts.tagline", "Il mio motto");
    for (const name of ["texts.about", "texts.tagline", "practitioner.name", "stats.patients"])
      form.append("keep", name);
    const completed = withKeptFields(form, keepableIn("testi"));
    expect(completed.kept).toEqual(["texts.about", "texts.tagline"]);
    const values = Object.fromEntries(completed.form);
    expect(values["texts.about"]).toBe(defaultSiteContent.texts.about);
    // What she typed stays hers.
    expect(values["texts.tagline"]).toBe("Il mio motto");
  });

  it("keep an example service as it is: named kept, nothing added to the form", () => {
    const form = new FormData();
    form.set("services[0].title", defaultSiteContent.services[0]!.title);
    form.set("services[0].description", defaultSiteContent.services[0]!.description);
    form.append("keep", "services.piani-alimentari");
    // Not a service of the example: not kept.
    form.append("keep", "services.dietetica");
    const completed = withKeptFields(form, keepableIn("servizi"));
    expect(completed.kept).toEqual(["services.piani-alimentari"]);
    expect([...completed.form.keys()]).toEqual(["services[0].title", "services[0].description", "keep", "keep"]);
  });
});
