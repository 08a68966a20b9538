import Image from "@tiptap/extension-image";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useState } from "react";
import { Stylesheet } from "~/ui/stylesheet";
import richTextEditorStyles from "~/styles/rich-text-editor.css?url";
import { type RichTextDocument, SAFE_HREF } from "./document";
import { ImagePanel, LinkPanel, type UploadImage } from "./editor-panels";

/*
 * The rich-text editor (Tiptap 3, decision 61): only the nodes and marks the document's schema allows
 * are in it, so what she pastes is reduced to them (a script, a style, a foreign image are dropped).
 * Imported only by admin screens: no public page loads it.
 */

/** Our images only: a pasted <img> from elsewhere is not one of them (no data-image-id) and is dropped. */
const SiteImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      imageId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute("data-image-id"),
        renderHTML: (attributes: { imageId?: string | null }) => ({ "data-image-id": attributes.imageId }),
      },
    };
  },
  parseHTML() {
    return [{ tag: "img[data-image-id]" }];
  },
}).configure({ allowBase64: false, inline: false });

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ["mailto"],
      isAllowedUri: (url) => SAFE_HREF.test(url),
    },
  }),
  SiteImage,
];

function ToolButton({
  pressed,
  onClick,
  children,
  label,
}: {
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
  label?: string;
}) {
  return (
    <button
      type="button"
      className="rich-text__tool"
      aria-pressed={pressed}
      aria-label={label}
      // Keeps the text selected: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * The rich-text field: a toolbar, the editable text, and a hidden input `name` holding the
 * document's JSON, which the form posts. Without `uploadImage` it offers no image.
 */
export function RichTextEditor({
  name,
  initial,
  label,
  describedBy,
  invalid,
  uploadImage,
}: {
  name: string;
  initial: RichTextDocument;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  uploadImage?: UploadImage;
}) {
  // Held in state: a hidden input's defaultValue is its value, so React would put the first one back on each render.
  const [json, setJson] = useState(() => JSON.stringify(initial));
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  const editor = useEditor({
    extensions,
    content: initial,
    // Rendered in the browser only: the server sends the hidden input with the saved document.
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: "rich-text__content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor }) => setJson(JSON.stringify(editor.getJSON())),
  });
  // The toolbar's pressed states, read on each render (the editor renders again on each transaction).
  const active = editor
    ? {
        h2: editor.isActive("heading", { level: 2 }),
        h3: editor.isActive("heading", { level: 3 }),
        bold: editor.isActive("bold"),
        italic: editor.isActive("italic"),
        bullet: editor.isActive("bulletList"),
        ordered: editor.isActive("orderedList"),
        quote: editor.isActive("blockquote"),
        link: editor.isActive("link"),
      }
    : null;
  return (
    <div className="rich-text">
      <Stylesheet href={richTextEditorStyles} />
      <input type="hidden" name={name} value={json} />
      {editor && active ? (
        <div className="rich-text__toolbar" role="toolbar" aria-label="Formattazione del testo">
          <ToolButton pressed={active.h2} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}>
            Titolo
          </ToolButton>
          <ToolButton pressed={active.h3} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}>
            Sottotitolo
          </ToolButton>
          <ToolButton pressed={active.bold} label="Grassetto" onClick={() => editor.chain().focus().toggleBold().run()}>
            <strong aria-hidden="true">G</strong>
          </ToolButton>
          <ToolButton
            pressed={active.italic}
            label="Corsivo"
            onClick={() => editor.chain().focus().toggleItalic().run()}
          >
            <em aria-hidden="true">C</em>
          </ToolButton>
          <ToolButton pressed={active.bullet} onClick={() => editor.chain().focus().toggleBulletList().run()}>
            Elenco
          </ToolButton>
          <ToolButton pressed={active.ordered} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
            Elenco numerato
          </ToolButton>
          <ToolButton pressed={active.quote} onClick={() => editor.chain().focus().toggleBlockquote().run()}>
            Citazione
          </ToolButton>
          <ToolButton pressed={active.link} onClick={() => setPanel(panel === "link" ? null : "link")}>
            Collegamento
          </ToolButton>
          {uploadImage ? (
            <ToolButton onClick={() => setPanel(panel === "image" ? null : "image")}>Immagine</ToolButton>
          ) : null}
        </div>
      ) : (
        <p className="rich-text__loading">Caricamento dell'editor…</p>
      )}
      {editor && panel === "link" ? <LinkPanel editor={editor} onClose={() => setPanel(null)} /> : null}
      {editor && uploadImage && panel === "image" ? (
        <ImagePanel editor={editor} uploadImage={uploadImage} onClose={() => setPanel(null)} />
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
