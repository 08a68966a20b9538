import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { toast } from "~/ui/toaster";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { formatDecimal } from "~/core/format/italian-format";
import { MAX_TITLE_LENGTH, photoUploadSchema } from "./photo-forms";

export type UploadPhase = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "processing" };

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${formatDecimal(bytes / 1024 / 1024, 1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The "add a photo" form. Without JavaScript it posts to /admin/foto and
 * the server answers with a redirect and a toast. With JavaScript the form is
 * checked first with the server's schema (an image, at most 10 MB; the title's
 * length), the image previewed, and sent with XMLHttpRequest so the progress
 * of a large upload can be shown.
 */
export function PhotoUploadForm({ onPhaseChange }: { onPhaseChange?: (phase: UploadPhase) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string; size: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  const { revalidate } = useRevalidator();
  const progressId = useId();
  const { fields, formProps } = useSchemaForm(photoUploadSchema, { id: "nuova-foto" });
  const busy = phase.kind !== "idle";

  useEffect(() => onPhaseChange?.(phase), [phase, onPhaseChange]);
  // The preview's object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview]);

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const onFileChange = () => {
    const file = fileRef.current?.files?.[0];
    setError(null);
    if (!file) {
      setPreview(null);
      return;
    }
    // Checked as it is picked: a 12 MB file never leaves the computer.
    const checked = photoUploadSchema.shape.image.safeParse(file);
    if (!checked.success) {
      fileRef.current!.value = "";
      setPreview(null);
      fail(checked.error.issues[0]!.message);
      return;
    }
    setPreview({ url: URL.createObjectURL(file), name: file.name, size: file.size });
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setError(null);
    // The form's schema first (the server's): a refusal shows by its field and stops here.
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/foto");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      setPhase(
        e.loaded >= e.total
          ? { kind: "processing" }
          : { kind: "uploading", percent: Math.round((e.loaded / e.total) * 100) },
      );
    };
    xhr.upload.onload = () => setPhase({ kind: "processing" });
    xhr.onload = () => {
      setPhase({ kind: "idle" });
      let result: { ok?: boolean; message?: string } | null = null;
      try {
        result = JSON.parse(xhr.responseText);
      } catch {
        result = null;
      }
      if (!result || typeof result.message !== "string") {
        fail(xhr.status === 401 ? "La sessione è scaduta: accedi di nuovo." : PHOTO_MESSAGES.generic);
        return;
      }
      if (result.ok) {
        toast.success(result.message);
        formRef.current?.reset();
        setPreview(null);
        void revalidate();
      } else {
        fail(result.message);
      }
    };
    xhr.onerror = () => {
      setPhase({ kind: "idle" });
      fail(PHOTO_MESSAGES.uploadFailed);
    };
    xhr.onabort = () => setPhase({ kind: "idle" });
    setPhase({ kind: "uploading", percent: 0 });
    xhr.send(body);
  };

  return (
    <form
      ref={formRef}
      method="post"
      action="/admin/foto"
      encType="multipart/form-data"
      className="admin-form admin-upload"
      id={formProps.id}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      <Field id={fields.title.id} label="Titolo" optional errors={fields.title.errors}>
        {(control) => (
          <input
            {...control}
            name={fields.title.name}
            type="text"
            maxLength={MAX_TITLE_LENGTH}
            autoComplete="off"
            disabled={busy}
          />
        )}
      </Field>
      <Field
        id={fields.image.id}
        label="Immagine"
        hint="JPEG, PNG, WebP, AVIF o GIF, fino a 10 MB. I dati di posizione e gli altri metadati vengono rimossi."
        errors={error ?? fields.image.errors}
      >
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            name={fields.image.name}
            type="file"
            accept="image/*"
            required
            onChange={onFileChange}
            disabled={busy}
          />
        )}
      </Field>
      {preview ? (
        <figure className="admin-upload__preview">
          <img src={preview.url} alt="Anteprima dell'immagine selezionata" />
          <figcaption>
            {preview.name} · {formatSize(preview.size)}
          </figcaption>
        </figure>
      ) : null}
      <div className="admin-upload__footer">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Caricamento in corso..." : "Aggiungi foto"}
        </button>
        {phase.kind !== "idle" ? (
          <div className="admin-upload__progress">
            <label htmlFor={progressId}>
              {phase.kind === "uploading" ? `Invio dell'immagine: ${phase.percent}%` : "Elaborazione dell'immagine..."}
            </label>
            <progress id={progressId} max={100} value={phase.kind === "uploading" ? phase.percent : undefined} />
          </div>
        ) : null}
        {/* Announces the phase, not every percent. */}
        <p className="visually-hidden" role="status">
          {phase.kind === "uploading"
            ? "Caricamento dell'immagine in corso"
            : phase.kind === "processing"
              ? "Elaborazione dell'immagine"
              : ""}
        </p>
      </div>
    </form>
  );
}
