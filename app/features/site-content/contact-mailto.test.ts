import { describe, expect, it } from "vitest";
import { contactMailtoHref } from "./contact-mailto";

describe("the contact form's mail-to address", () => {
  it("carries accented letters, line breaks and reserved characters intact", () => {
    const href = contactMailtoHref("studio@esempio.it", {
      name: "Niccolò Rossi",
      email: "n.rossi@esempio.it",
      message: "Sono libero martedì alle 18 & mercoledì?\nGrazie = 100%",
    });
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("studio@esempio.it");
    // No "+" for spaces: mail programs do not turn it back into a space.
    expect(href).not.toContain("+");
    expect(decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!)).toBe("Messaggio dal sito da Niccolò Rossi");
    expect(decodeURIComponent(/body=([^&]*)/.exec(href)![1]!)).toBe(
      "Sono libero martedì alle 18 & mercoledì?\nGrazie = 100%\n\nNiccolò Rossi\nn.rossi@esempio.it",
    );
  });
});
