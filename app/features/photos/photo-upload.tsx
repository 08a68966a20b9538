import { useEffect, useId, useRef, useState } from "react";
import { countOf } from "~/core/format/plural";
import { useRevalidator } from "react-router";
import { PHOTO_MESSAGES, photosAddedMessage } from "~/features/photos/messages";
import { toast } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { formatDecimal } from "~/core/format/italian-format";
import { MAX_TITLE_LENGTH, photoUploadSchema } from "./photo-forms";

/** Where the upload stands; with several photos, `index` (from 1) of `count`. */
export type UploadPhase =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number; index: number; count: number }
  | { kind: "processing"; index: number; count: number };

type UploadAnswer = { ok: boolean; message: string };

/** One photo sent with XMLHttpRequest, for its progress; resolves with the server's answer in Italian. */
function sendPhoto(body: FormData, onProgress: (percent: number | "processing") => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/foto");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded >= e.total ? "processing" : Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => onProgress("processing");
    xhr.onload = () => {
      let result: { ok?: boolean; message?: string } | null = null;
      try {
        result = JSON.parse(xhr.responseText);
      } catch {
        result = null;
      }
      if (!result || typeof result.message !== "string") {
        resolve({
          ok: false,
          message: xhr.status === 401 ? "La sessione è scaduta: accedi di nuovo." : PHOTO_MESSAGES.generic,
        });
      } else resolve({ ok: result.ok === true, message: result.message });
    };
    xhr.onerror = () => resolve({ ok: false, message: PHOTO_MESSAGES.uploadFailed });
    xhr.onabort = () => resolve({ ok: false, message: PHOTO_MESSAGES.uploadFailed });
    xhr.send(body);
  });
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${formatDecimal(bytes / 1024 / 1024, 1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The "add a photo" form. Without JavaScript it posts one photo to /admin/foto
 * and the server answers with a redirect and a toast. With JavaScript the form
 * is checked first with the server's schema (an image, at most 10 MB; the
 * title's length), the image previewed, and sent with XMLHttpRequest so the
 * progress of a large upload can be shown; several photos may be chosen at
 * once, sent one after the other.
 */
export function PhotoUploadForm({ onPhaseChange }: { onPhaseChange?: (phase: UploadPhase) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string; size: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  /** The photos picked when there are several (names and sizes; one photo gets a preview instead). */
  const [chosen, setChosen] = useState<string[]>([]);
  // Several photos at once need the script (one request each); the plain form sends one.
  const hydrated = useHydrated();
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
    const files = [...(fileRef.current?.files ?? [])];
    setError(null);
    if (files.length > 1) {
      // Several: each checked as it is picked; the ones refused are said and left out.
      const refused = files.flatMap((f) => {
        const checked = photoUploadSchema.shape.image.safeParse(f);
        return checked.success ? [] : [`${f.name}: ${checked.error.issues[0]!.message}`];
      });
      if (refused.length > 0) {
        fileRef.current!.value = "";
        setChosen([]);
        fail(refused.join(" · "));
        return;
      }
      setPreview(null);
      setChosen(files.map((f) => `${f.name} · ${formatSize(f.size)}`));
      return;
    }
    setChosen([]);
    const file = files[0];
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

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setError(null);
    const files = [...(fileRef.current?.files ?? [])];
    if (files.length <= 1) {
      // The form's schema first (the server's): a refusal shows by its field and stops here.
      formProps.onSubmit(event);
      if (event.defaultPrevented) return;
    }
    event.preventDefault();
    const form = event.currentTarget;
    const title = String(new FormData(form).get("title") ?? "");
    // Several photos: one request each, in turn (each decoded within the server's budget), the
    // good ones kept whatever happens to the others.
    const failures: string[] = [];
    let added = 0;
    let lastMessage = "";
    for (const [position, file] of files.entries()) {
      const progress = { index: position + 1, count: files.length };
      const body = new FormData();
      body.set("title", files.length === 1 ? title : "");
      body.set("image", file);
      setPhase({ kind: "uploading", percent: 0, ...progress });
      const answer = await sendPhoto(body, (percent) =>
        setPhase(
          percent === "processing" ? { kind: "processing", ...progress } : { kind: "uploading", percent, ...progress },
        ),
      );
      lastMessage = answer.message;
      if (answer.ok) added++;
      else failures.push(files.length === 1 ? answer.message : `${file.name}: ${answer.message}`);
    }
    setPhase({ kind: "idle" });
    if (added > 0) {
      toast.success(files.length === 1 ? lastMessage : photosAddedMessage(added));
      form.reset();
      setPreview(null);
      setChosen([]);
      void revalidate();
    }
    if (failures.length > 0) fail(failures.join(" · "));
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
        hint={`JPEG, PNG, WebP, AVIF o GIF, fino a 10 MB ciascuna${hydrated ? "; puoi sceglierne più di una (il titolo vale se ne scegli una)" : ""}. I dati di posizione e gli altri metadati vengono rimossi.`}
        errors={error ?? fields.image.errors}
      >
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            name={fields.image.name}
            type="file"
            accept="image/*"
            multiple={hydrated}
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
      {chosen.length > 0 ? (
        <div className="admin-upload__chosen">
          <p>{`${countOf(chosen.length, ["foto scelta", "foto scelte"])}:`}</p>
          <ul>
            {chosen.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="admin-upload__footer">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Caricamento in corso..." : chosen.length > 1 ? `Aggiungi ${chosen.length} foto` : "Aggiungi foto"}
        </button>
        {phase.kind !== "idle" ? (
          <div className="admin-upload__progress">
            <label htmlFor={progressId}>
              {`${phase.count > 1 ? `Foto ${phase.index} di ${phase.count}. ` : ""}${
                phase.kind === "uploading" ? `Invio dell'immagine: ${phase.percent}%` : "Elaborazione dell'immagine..."
              }`}
            </label>
            <progress id={progressId} max={100} value={phase.kind === "uploading" ? phase.percent : undefined} />
          </div>
        ) : null}
        {/* Announces the phase, not every percent. */}
        <p className="visually-hidden" role="status">
          {phase.kind === "idle"
            ? ""
            : `${phase.count > 1 ? `Foto ${phase.index} di ${phase.count}: ` : ""}${
                phase.kind === "uploading" ? "caricamento dell'immagine in corso" : "elaborazione dell'immagine"
              }`}
        </p>
      </div>
    </form>
  );
}
