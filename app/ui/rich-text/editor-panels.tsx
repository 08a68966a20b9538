import type { Editor } from "@tiptap/react";
import { useId, useRef, useState } from "react";
import { SAFE_HREF } from "./document";

/* The editor's two panels: a link's address, an image with its description. */

/** An image stored through the site's image pipeline, or its refusal in Italian. */
export type UploadAnswer = { ok: true; id: string; src: string } | { ok: false; message: string };
/** Sends one image to the screen's upload route. */
export type UploadImage = (file: File) => Promise<UploadAnswer>;

export function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
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

export function ImagePanel({
  editor,
  uploadImage,
  onClose,
}: {
  editor: Editor;
  uploadImage: UploadImage;
  onClose: () => void;
}) {
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
    const uploaded = await uploadImage(chosen);
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
