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
});
