import { z } from "zod";
import {
  type Block,
  type Inline,
  type ListItem,
  type Mark,
  RICH_TEXT_ALT_MAX,
  type RichTextDocument,
  SAFE_HREF,
  hasContent,
} from "./document";

/* What a rich-text document may hold (document.ts), checked on save and again on read. */

/** The document's own refusals, shown as they are: the rest are the field's general message. */
export const RICH_TEXT_MESSAGES = {
  imageAlt: "Ogni immagine ha bisogno di una descrizione (testo alternativo) per chi non la vede.",
  linkScheme: "I collegamenti possono portare solo a indirizzi http://, https:// o mailto:.",
  tooDeep: "Il testo ha troppi livelli uno dentro l'altro (citazioni o elenchi annidati): semplificalo.",
  tooManyParts: "Il testo ha troppi elementi: dividilo in più articoli.",
} as const;

/**
 * How deep a document may nest (doc, quote, list, item, paragraph…) and how many nodes it may hold:
 * far beyond what a page of text needs, and checked before anything recurses into it, so neither
 * the check nor a renderer can run out of stack on a stored document.
 */
export const RICH_TEXT_LIMITS = { depth: 24, nodes: 10_000 } as const;

/** Which limit `json` exceeds, walked with a stack of its own; undefined when within both. */
function exceededLimit(json: unknown): "tooDeep" | "tooManyParts" | undefined {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: json, depth: 0 }];
  let nodes = 0;
  while (pending.length) {
    const { node, depth } = pending.pop()!;
    if (depth > RICH_TEXT_LIMITS.depth) return "tooDeep";
    if (++nodes > RICH_TEXT_LIMITS.nodes) return "tooManyParts";
    const content = node && typeof node === "object" ? (node as { content?: unknown }).content : undefined;
    if (Array.isArray(content)) for (const child of content) pending.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

const mark: z.ZodType<Mark> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bold") }),
  z.object({ type: z.literal("italic") }),
  z.object({
    type: z.literal("link"),
    attrs: z.object({ href: z.string().trim().max(2000).regex(SAFE_HREF, RICH_TEXT_MESSAGES.linkScheme) }),
  }),
]);

const inline: z.ZodType<Inline> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().min(1).max(20_000), marks: z.array(mark).max(3).optional() }),
  z.object({ type: z.literal("hardBreak") }),
]);
const inlines = z.array(inline).max(2000).optional();

const listItem: z.ZodType<ListItem> = z.object({
  type: z.literal("listItem"),
  get content() {
    return z.array(block).min(1).max(50);
  },
});

const block: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("paragraph"), content: inlines }),
    z.object({
      type: z.literal("heading"),
      attrs: z.object({ level: z.union([z.literal(2), z.literal(3)]) }),
      content: inlines,
    }),
    z.object({ type: z.literal("bulletList"), content: z.array(listItem).min(1).max(200) }),
    z.object({
      type: z.literal("orderedList"),
      attrs: z.object({ start: z.number().int().min(0).max(10_000).optional() }).optional(),
      content: z.array(listItem).min(1).max(200),
    }),
    z.object({ type: z.literal("blockquote"), content: z.array(block).min(1).max(100) }),
    z.object({
      type: z.literal("image"),
      attrs: z.object({
        imageId: z.guid(),
        alt: z
          .string({ error: RICH_TEXT_MESSAGES.imageAlt })
          .trim()
          .min(1, RICH_TEXT_MESSAGES.imageAlt)
          .max(RICH_TEXT_ALT_MAX),
        src: z.string().max(2000).optional(),
      }),
    }),
  ]),
);

const documentShape: z.ZodType<RichTextDocument> = z.object({
  type: z.literal("doc"),
  content: z.array(block).max(2000),
});

/** A rich-text document, its depth and size checked before its parts are. */
export const richTextDocumentSchema: z.ZodType<RichTextDocument> = z
  .unknown()
  .superRefine((json, ctx) => {
    const exceeded = exceededLimit(json);
    if (exceeded) ctx.addIssue({ code: "custom", message: RICH_TEXT_MESSAGES[exceeded], abort: true });
  })
  .pipe(documentShape);

/** A field's messages: nothing written, too long, anything else refused. */
export interface RichTextFieldMessages {
  empty: string;
  tooLong: string;
  invalid: string;
}

/**
 * A form field holding the editor's JSON (64 KB at most, readForm's cap for a field), parsed into a
 * document with at least a word or an image.
 */
export function richTextField(messages: RichTextFieldMessages) {
  return z.string({ error: messages.empty }).transform((text, ctx): RichTextDocument => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: text.length >= 60_000 ? messages.tooLong : messages.invalid });
      return z.NEVER;
    }
    const parsed = richTextDocumentSchema.safeParse(json);
    if (!parsed.success) {
      // The first of the document's own messages (an image without its description, a link's scheme).
      const own = parsed.error.issues
        .map((issue) => issue.message)
        .find((m) => Object.values(RICH_TEXT_MESSAGES).includes(m as never));
      ctx.addIssue({ code: "custom", message: own ?? messages.invalid });
      return z.NEVER;
    }
    if (!hasContent(parsed.data)) {
      ctx.addIssue({ code: "custom", message: messages.empty });
      return z.NEVER;
    }
    return parsed.data;
  });
}
