import { describe, expect, it } from "vitest";
import { RICH_TEXT_LIMITS, RICH_TEXT_MESSAGES, richTextDocumentSchema, richTextField } from "./document-schema";

const field = richTextField({ empty: "vuoto", tooLong: "troppo lungo", invalid: "non valido" });
const words = { type: "paragraph", content: [{ type: "text", text: "Parole" }] };

/** `depth` quotes one inside the other around a paragraph. */
function nestedQuotes(depth: number): unknown {
  let node: unknown = words;
  for (let i = 0; i < depth; i++) node = { type: "blockquote", content: [node] };
  return { type: "doc", content: [node] };
}

describe("a rich-text document's depth and size", () => {
  it("refuses 10,000 nested quotes with its own message, without running out of stack", () => {
    const parsed = richTextDocumentSchema.safeParse(nestedQuotes(10_000));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([RICH_TEXT_MESSAGES.tooDeep]);
    // As the editor's field sends it (JSON written by hand: JSON.stringify itself recurses).
    const open = '{"type":"blockquote","content":['.repeat(600);
    const json = `{"type":"doc","content":[${open}${JSON.stringify(words)}${"]}".repeat(600)}]}`;
    const typed = field.safeParse(json);
    expect(typed.error?.issues.map((issue) => issue.message)).toEqual([RICH_TEXT_MESSAGES.tooDeep]);
  });

  it("refuses more nodes than its limit, however flat", () => {
    const inlines = Array.from({ length: 1_000 }, () => ({ type: "hardBreak" }));
    const doc = { type: "doc", content: Array.from({ length: 11 }, () => ({ type: "paragraph", content: inlines })) };
    const parsed = richTextDocumentSchema.safeParse(doc);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([RICH_TEXT_MESSAGES.tooManyParts]);
  });

  it("accepts what a page of text needs: lists and quotes a few levels deep", () => {
    const list = { type: "bulletList", content: [{ type: "listItem", content: [words] }] };
    const nested = {
      type: "bulletList",
      content: [{ type: "listItem", content: [words, { type: "blockquote", content: [list] }] }],
    };
    expect(richTextDocumentSchema.safeParse({ type: "doc", content: [nested, words] }).success).toBe(true);
    // Just within the depth limit (the document itself is level 0, the text one below the paragraph).
    expect(richTextDocumentSchema.safeParse(nestedQuotes(RICH_TEXT_LIMITS.depth - 3)).success).toBe(true);
  });
});
