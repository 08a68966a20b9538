import { z } from "zod";

/*
 * An article's body: the editor's (Tiptap's) JSON document, restricted to the nodes and marks she
 * may use. Everything else is refused on save and dropped on read; the page renders it as React
 * elements (article-body.tsx), never as HTML, so nothing she pastes can become markup or script.
 */

export type Mark = { type: "bold" } | { type: "italic" } | { type: "link"; attrs: { href: string } };
export type Inline = { type: "text"; text: string; marks?: Mark[] } | { type: "hardBreak" };
export type ListItem = { type: "listItem"; content: Block[] };
export type Block =
  | { type: "paragraph"; content?: Inline[] }
  | { type: "heading"; attrs: { level: 2 | 3 }; content?: Inline[] }
  | { type: "bulletList"; content: ListItem[] }
  | { type: "orderedList"; attrs?: { start?: number }; content: ListItem[] }
  | { type: "blockquote"; content: Block[] }
  | { type: "image"; attrs: { imageId: string; alt: string; src?: string } };
export interface ArticleDocument {
  type: "doc";
  content: Block[];
}

export const DOCUMENT_MESSAGES = {
  invalid: "Il testo dell'articolo contiene elementi non ammessi: ricarica la pagina e riprova.",
  empty: "Scrivi il testo dell'articolo.",
  tooLong: "L'articolo è troppo lungo: dividilo in due articoli.",
  imageAlt: "Ogni immagine ha bisogno di una descrizione (testo alternativo) per chi non la vede.",
  linkScheme: "I collegamenti possono portare solo a indirizzi http://, https:// o mailto:.",
} as const;

/** Only web and e-mail addresses: no javascript:, data: or relative tricks. */
export const SAFE_HREF = /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)$/i;
const ALT_MAX = 300;

const mark: z.ZodType<Mark> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bold") }),
  z.object({ type: z.literal("italic") }),
  z.object({
    type: z.literal("link"),
    attrs: z.object({ href: z.string().trim().max(2000).regex(SAFE_HREF, DOCUMENT_MESSAGES.linkScheme) }),
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
        alt: z.string({ error: DOCUMENT_MESSAGES.imageAlt }).trim().min(1, DOCUMENT_MESSAGES.imageAlt).max(ALT_MAX),
        src: z.string().max(2000).optional(),
      }),
    }),
  ]),
);

export const articleDocumentSchema: z.ZodType<ArticleDocument> = z.object({
  type: z.literal("doc"),
  content: z.array(block).max(2000),
});

/** An empty document, the new article's. */
export const EMPTY_DOCUMENT: ArticleDocument = { type: "doc", content: [{ type: "paragraph" }] };

/** Every block, nested ones included, in reading order. */
function* blocks(content: readonly Block[]): Generator<Block> {
  for (const node of content) {
    yield node;
    if (node.type === "bulletList" || node.type === "orderedList")
      for (const item of node.content) yield* blocks(item.content);
    else if (node.type === "blockquote") yield* blocks(node.content);
  }
}

/** The document's words, as a reader reads them (for the reading time and the search engines' text). */
export function documentText(doc: ArticleDocument): string {
  const parts: string[] = [];
  for (const node of blocks(doc.content)) {
    if ((node.type === "paragraph" || node.type === "heading") && node.content)
      parts.push(node.content.map((i) => (i.type === "text" ? i.text : " ")).join(""));
  }
  return parts.join("\n");
}

/** The ids of the images the document shows. */
export function documentImageIds(doc: ArticleDocument): string[] {
  return [...blocks(doc.content)].flatMap((node) => (node.type === "image" ? [node.attrs.imageId] : []));
}

/** Minutes to read at 200 words a minute (an adult reading Italian prose on a screen), at least one. */
export function readingMinutes(doc: ArticleDocument): number {
  const words = documentText(doc).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/** Whether the document has any words or an image. */
export function hasContent(doc: ArticleDocument): boolean {
  return documentText(doc).trim().length > 0 || documentImageIds(doc).length > 0;
}
