/*
 * Rich text (an article's body, an FAQ answer, a newsletter): the editor's (Tiptap's) JSON document,
 * restricted to the nodes and marks she may use. Everything else is refused on save
 * (document-schema.ts) and dropped on read; pages render it as React elements (body.tsx), never as
 * HTML, so nothing she pastes can become markup or script. No zod here: public pages import this.
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
export interface RichTextDocument {
  type: "doc";
  content: Block[];
}

/** Only web and e-mail addresses: no javascript:, data: or relative tricks. */
export const SAFE_HREF = /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)$/i;
export const RICH_TEXT_ALT_MAX = 300;

/** An empty document, a new text's. */
export const EMPTY_DOCUMENT: RichTextDocument = { type: "doc", content: [{ type: "paragraph" }] };

/** Every block, nested ones included, in reading order. */
function* blocks(content: readonly Block[]): Generator<Block> {
  for (const node of content) {
    yield node;
    if (node.type === "bulletList" || node.type === "orderedList")
      for (const item of node.content) yield* blocks(item.content);
    else if (node.type === "blockquote") yield* blocks(node.content);
  }
}

/** A linked text's address after it, as a plain-text mail must give it (not twice when the text is the address). */
function withAddress(inline: Extract<Inline, { type: "text" }>): string {
  const href = inline.marks?.find((mark) => mark.type === "link")?.attrs.href;
  return href && href !== inline.text ? `${inline.text} (${href})` : inline.text;
}

/**
 * The document's words, as a reader reads them (for the reading time and the search engines' text);
 * with `imageText`, each image as that line too, and each link's address after its words (an
 * e-mail's plain text, where nothing can be clicked but an address).
 */
export function documentText(doc: RichTextDocument, imageText?: (alt: string) => string): string {
  const parts: string[] = [];
  const text = (inline: Inline) => (inline.type !== "text" ? " " : imageText ? withAddress(inline) : inline.text);
  for (const node of blocks(doc.content)) {
    if ((node.type === "paragraph" || node.type === "heading") && node.content)
      parts.push(node.content.map(text).join(""));
    else if (node.type === "image" && imageText) parts.push(imageText(node.attrs.alt));
  }
  return parts.join("\n");
}

/** The ids of the images the document shows. */
export function documentImageIds(doc: RichTextDocument): string[] {
  return [...blocks(doc.content)].flatMap((node) => (node.type === "image" ? [node.attrs.imageId] : []));
}

/** Minutes to read at 200 words a minute (an adult reading Italian prose on a screen), at least one. */
export function readingMinutes(doc: RichTextDocument): number {
  const words = documentText(doc).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/** Whether the document has any words or an image. */
export function hasContent(doc: RichTextDocument): boolean {
  return documentText(doc).trim().length > 0 || documentImageIds(doc).length > 0;
}
