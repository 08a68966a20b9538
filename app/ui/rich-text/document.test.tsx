import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sampleArticle } from "../../../tests/support/factory";
import { RichTextBody } from "./body";
import { readingMinutes } from "./document";
import { richTextDocumentSchema } from "./document-schema";

const paragraph = (content: unknown[]) => ({ type: "doc", content: [{ type: "paragraph", content }] });

describe("a rich-text document", () => {
  it("refuses a link that is not http(s) or mailto, an unknown node, an image without its description", () => {
    for (const href of ["javascript:alert(1)", "data:text/html,x", "/relativo", " javascript:alert(1)"]) {
      const doc = paragraph([{ type: "text", text: "x", marks: [{ type: "link", attrs: { href } }] }]);
      expect(richTextDocumentSchema.safeParse(doc).success, href).toBe(false);
    }
    expect(richTextDocumentSchema.safeParse({ type: "doc", content: [{ type: "codeBlock" }] }).success).toBe(false);
    expect(richTextDocumentSchema.safeParse({ type: "doc", content: [{ type: "html", html: "<b>" }] }).success).toBe(
      false,
    );
    const image = (alt: string) => ({
      type: "doc",
      content: [{ type: "image", attrs: { imageId: "0b6b7c36-5d1f-4c4e-9a55-1f2d3c4b5a69", alt } }],
    });
    expect(richTextDocumentSchema.safeParse(image(" ")).success).toBe(false);
    expect(richTextDocumentSchema.safeParse(image("Una tazza")).success).toBe(true);
  });

  it("is rendered as elements: text that looks like markup stays text, attributes it did not allow are dropped", () => {
    const doc = richTextDocumentSchema.parse({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: '<script>alert(1)</script><img src=x onerror="alert(1)">' },
            {
              type: "text",
              text: "sito",
              marks: [{ type: "link", attrs: { href: "https://example.org/", onclick: "alert(1)", target: "_top" } }],
            },
          ],
        },
      ],
    });
    const html = renderToStaticMarkup(<RichTextBody document={doc} images={{}} />);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://example.org/" rel="noopener noreferrer">sito</a>');
    expect(html).not.toContain("onclick");
  });

  it("reads in a minute per 200 words, one at least", () => {
    expect(readingMinutes(sampleArticle().body)).toBe(1);
    const long = paragraph([{ type: "text", text: "parola ".repeat(1000) }]);
    expect(readingMinutes(richTextDocumentSchema.parse(long))).toBe(5);
  });
});
