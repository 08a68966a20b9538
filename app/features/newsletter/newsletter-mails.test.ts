import { describe, expect, it } from "vitest";
import type { RichTextDocument } from "~/ui/rich-text/document";
import { renderedBody } from "./newsletter-mails";

describe("a newsletter's plain text", () => {
  it("gives each linked article's address after its words, where nothing can be clicked", () => {
    const body: RichTextDocument = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Nuovo articolo: " },
            {
              type: "text",
              text: "La colazione",
              marks: [{ type: "link", attrs: { href: "https://studio.test/articoli/la-colazione" } }],
            },
          ],
        },
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "https://studio.test/ricette",
              marks: [{ type: "link", attrs: { href: "https://studio.test/ricette" } }],
            },
          ],
        },
      ],
    };
    expect(renderedBody(body).text).toBe(
      "Nuovo articolo: La colazione (https://studio.test/articoli/la-colazione)\nhttps://studio.test/ricette",
    );
  });
});
