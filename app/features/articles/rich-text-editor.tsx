import Image from "@tiptap/extension-image";
import { EditorContent, type Editor, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useId, useRef, useState } from "react";
import { type ArticleDocument, SAFE_HREF } from "./article-document";
import { uploadArticleImageFromEditor } from "./image-upload-client";

/*
 * The article's editor (Tiptap 3, decision 61): only the nodes and marks the document's schema allows
 * are in it, so what she pastes is reduced to them (a script, a style, a foreign image are dropped).
 * Imported only by the admin's article screen: no public page loads it.
 */

/** Our images only: a pasted <img> from elsewhere is not one of them (no data-image-id) and is dropped. */
const ArticleImage = Image.extend({
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
  ArticleImage,
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

function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const current = editor.getAttributes("link").href as string | undefined;
  const [href, setHref] = useState(current ?? "https://");
  const [error, setError] = useState<string | null>(null);
  function apply() {
    const value = href.trim();
    if (!SAFE_HREF.test(value)) {
      setError("Scrivi un indirizzo che inizia con https://, http:// oppure mailto:");
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !current)
      chain.insertContent({ type: "text", text: value, marks: [{ type: "link", attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  }
  return (
    <div className="rich-text__panel" role="group" aria-label="Collegamento">
      <label htmlFor={`${id}-href`}>Indirizzo del collegamento</label>
      <input
        id={`${id}-href`}
        type="url"
        inputMode="url"
        value={href}
        onChange={(event) => setHref(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          }
        }}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className="rich-text__panel-actions">
        <button type="button" className="button" onClick={apply}>
          Applica il collegamento
        </button>
        {current ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose();
            }}
          >
            Rimuovi il collegamento
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onClose}>
          Annulla
        </button>
      </div>
    </div>
  );
}

function ImagePanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function insert() {
    const chosen = file.current?.files?.[0];
    if (!chosen) return setError("Scegli un'immagine.");
    if (!alt.trim()) return setError("Descrivi l'immagine per chi non la vede: è obbligatorio.");
    setBusy(true);
    setError(null);
    const uploaded = await uploadArticleImageFromEditor(chosen);
    setBusy(false);
    if (!uploaded.ok) return setError(uploaded.message);
    editor
      .chain()
      .focus()
      .insertContent({ type: "image", attrs: { src: uploaded.src, alt: alt.trim(), imageId: uploaded.id } })
      .run();
    onClose();
  }
  return (
    <div className="rich-text__panel" role="group" aria-label="Immagine">
      <label htmlFor={`${id}-file`}>Scegli l'immagine</label>
      <input id={`${id}-file`} ref={file} type="file" accept="image/*" />
      <label htmlFor={`${id}-alt`}>Descrizione dell'immagine (per chi non la vede)</label>
      <input
        id={`${id}-alt`}
        type="text"
        value={alt}
        maxLength={300}
        onChange={(event) => setAlt(event.target.value)}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="rich-text__panel-actions">
        <button type="button" className="button" onClick={insert} disabled={busy}>
          {busy ? "Caricamento…" : "Inserisci l'immagine"}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Annulla
        </button>
      </div>
    </div>
  );
}

/**
 * The rich-text field: a toolbar, the editable text, and a hidden input `name` holding the
 * document's JSON, which the form posts.
 */
export function RichTextEditor({
  name,
  initial,
  label,
  describedBy,
  invalid,
}: {
  name: string;
  initial: ArticleDocument;
  label: string;
  describedBy?: string;
  invalid?: boolean;
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
          <ToolButton onClick={() => setPanel(panel === "image" ? null : "image")}>Immagine</ToolButton>
        </div>
      ) : (
        <p className="rich-text__loading">Caricamento dell'editor…</p>
      )}
      {editor && panel === "link" ? <LinkPanel editor={editor} onClose={() => setPanel(null)} /> : null}
      {editor && panel === "image" ? <ImagePanel editor={editor} onClose={() => setPanel(null)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
