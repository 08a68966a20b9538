import { useCallback, useEffect, useRef } from "react";
import { useFetcher, useFetchers, useSearchParams } from "react-router";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { ResponsiveImage } from "~/ui/responsive-image";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { formatItalianNumericDate } from "~/core/format/italian-format";
import { MAX_TITLE_LENGTH, type MoveDirection, photoActionSchema } from "./photo-forms";
import type { RecipePhotoView } from "./recipe-photo-view";

const PHOTOS_ACTION = "/admin/foto";

/** The order the list shows: the server's, with moves still in flight applied (so the buttons respond at once). */
function useOptimisticOrder(photos: RecipePhotoView[]): RecipePhotoView[] {
  const fetchers = useFetchers();
  let order = photos;
  for (const f of fetchers) {
    if (f.formData?.get("intent") !== "move") continue;
    const id = String(f.formData.get("id"));
    const from = order.findIndex((p) => p.id === id);
    if (from < 0) continue;
    const direction = f.formData.get("direction");
    const to = direction === "top" ? 0 : direction === "up" ? from - 1 : from + 1;
    if (to === from) continue;
    if (to < 0 || to >= order.length) continue;
    order = [...order];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
  }
  return order;
}

export function PhotoList({ photos, uploading }: { photos: RecipePhotoView[]; uploading: boolean }) {
  const order = useOptimisticOrder(photos);
  const pendingDeletes = new Set(
    useFetchers()
      .filter((f) => f.formData?.get("intent") === "delete-photo")
      .map((f) => String(f.formData!.get("id"))),
  );
  const visible = order.filter((p) => !pendingDeletes.has(p.id));
  // Keyboard users keep their place: after a move, focus follows the photo they moved.
  const focusAfterMove = useRef<{ id: string; direction: MoveDirection } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !listRef.current) return;
    const row = listRef.current.querySelector<HTMLElement>(`[data-photo-id="${target.id}"]`);
    // At the top its "Sposta su" and "Sposta in cima" are off: the focus goes to "Sposta giù".
    const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${target.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `button[data-move="${target.direction === "down" ? "up" : "down"}"]`,
    );
    const button = same && !same.disabled ? same : other;
    if (button && document.activeElement !== button) button.focus();
  });
  const onMove = useCallback((id: string, direction: MoveDirection) => {
    focusAfterMove.current = { id, direction };
  }, []);

  return (
    <section className="admin-section" aria-labelledby="foto-titolo" id="foto">
      <h2 id="foto-titolo" className="admin-section__title">
        Foto caricate ({visible.length})
      </h2>
      {visible.length === 0 && !uploading ? <p className="admin-empty">{PHOTO_MESSAGES.empty}</p> : null}
      {order.length > 0 || uploading ? (
        <ol className="photo-list" ref={listRef}>
          {/* A row being deleted stays mounted (hidden) so its result still reaches the toast. */}
          {order.map((photo) => (
            <PhotoRow
              key={photo.id}
              photo={photo}
              hidden={pendingDeletes.has(photo.id)}
              position={visible.indexOf(photo) + 1}
              total={visible.length}
              onMove={onMove}
            />
          ))}
          {uploading ? <PhotoRowSkeleton /> : null}
        </ol>
      ) : null}
    </section>
  );
}

function PhotoRowSkeleton() {
  return (
    <li className="photo-row photo-row--skeleton" aria-hidden="true">
      <div className="photo-row__thumb skeleton" />
      <div className="photo-row__body">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    </li>
  );
}

function PhotoRow({
  photo,
  hidden,
  position,
  total,
  onMove,
}: {
  photo: RecipePhotoView;
  hidden: boolean;
  position: number;
  total: number;
  onMove: (id: string, direction: MoveDirection) => void;
}) {
  const [searchParams] = useSearchParams();
  const mover = useFetcher<ActionResult>();
  const editor = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  const editRef = useRef<HTMLDetailsElement>(null);
  const retitle = useSchemaForm(photoActionSchema, {
    id: `titolo-form-${photo.id}`,
    lastResult: editor.state === "idle" ? editor.data?.reply : undefined,
  });
  useActionResult(mover.data);
  useActionResult(remover.data);
  useActionResult(editor.data, (result) => {
    if (result.ok && editRef.current) {
      editRef.current.open = false;
      editRef.current.querySelector("summary")?.focus();
    }
  });
  const name = photo.title ?? PHOTO_MESSAGES.untitled;
  const titleInputId = `titolo-${photo.id}`;
  const confirming = searchParams.get("elimina") === photo.id;
  if (hidden) return null;

  return (
    <li className="photo-row" id={`foto-${photo.id}`} data-photo-id={photo.id}>
      <div className="photo-row__thumb skeleton">
        <ResponsiveImage image={photo.image} alt="" sizes="6rem" className="photo-row__img" />
      </div>
      <div className="photo-row__body">
        <h3 className={photo.title ? "photo-row__title" : "photo-row__title photo-row__title--none"}>{name}</h3>
        <p className="photo-row__meta">
          <span>
            Caricata il <time dateTime={photo.createdAt}>{formatItalianNumericDate(photo.createdAt)}</time>
          </span>
          <span aria-hidden="true"> · </span>
          <span>
            Posizione {position} di {total}
          </span>
        </p>
        <details className="photo-row__edit" ref={editRef}>
          <summary className="admin-action">Modifica titolo</summary>
          <editor.Form
            method="post"
            action={PHOTOS_ACTION}
            className="photo-row__edit-form"
            key={photo.title ?? ""}
            {...retitle.formProps}
          >
            <input type="hidden" name="intent" value="retitle" />
            <input type="hidden" name="id" value={photo.id} />
            <Field
              id={titleInputId}
              label="Nuovo titolo (vuoto per nessun titolo)"
              errors={retitle.fields.title.errors}
            >
              {(control) => (
                <div className="photo-row__edit-row">
                  <input
                    {...control}
                    name={retitle.fields.title.name}
                    type="text"
                    maxLength={MAX_TITLE_LENGTH}
                    defaultValue={photo.title ?? ""}
                    autoComplete="off"
                  />
                  <button type="submit" className="button" disabled={editor.state !== "idle"}>
                    {editor.state !== "idle" ? "Salvataggio..." : "Salva"}
                  </button>
                </div>
              )}
            </Field>
          </editor.Form>
        </details>
        {confirming ? (
          <NoScriptConfirm
            action={PHOTOS_ACTION}
            question={PHOTO_MESSAGES.deleteQuestion}
            confirmLabel="Elimina"
            fields={{ intent: "delete-photo", id: photo.id }}
            cancelHref={`/admin#foto-${photo.id}`}
          />
        ) : null}
      </div>
      <div className="photo-row__actions">
        <mover.Form method="post" action={PHOTOS_ACTION} onSubmit={() => onMove(photo.id, "top")}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={photo.id} />
          <input type="hidden" name="direction" value="top" />
          <button
            type="submit"
            className="admin-action"
            data-move="top"
            disabled={position === 1}
            aria-label={`Sposta in cima: ${name}, posizione ${position} di ${total}`}
          >
            Sposta in cima
          </button>
        </mover.Form>
        {(["up", "down"] as const).map((direction) => (
          <mover.Form method="post" action={PHOTOS_ACTION} key={direction} onSubmit={() => onMove(photo.id, direction)}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={photo.id} />
            <input type="hidden" name="direction" value={direction} />
            <button
              type="submit"
              className="admin-action admin-action--icon"
              data-move={direction}
              disabled={direction === "up" ? position === 1 : position === total}
              aria-label={`${direction === "up" ? "Sposta su" : "Sposta giù"}: ${name}, posizione ${position} di ${total}`}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
                <path
                  d={direction === "up" ? "M10 4l-6 7h4v5h4v-5h4z" : "M10 16l6-7h-4V4H8v5H4z"}
                  fill="currentColor"
                />
              </svg>
            </button>
          </mover.Form>
        ))}
        <ConfirmButton
          label="Elimina"
          accessibleLabel={`Elimina la foto: ${name}`}
          question={PHOTO_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          noScriptHref={`/admin?elimina=${photo.id}#foto-${photo.id}`}
          disabled={remover.state !== "idle"}
          onConfirm={() =>
            remover.submit({ intent: "delete-photo", id: photo.id }, { method: "post", action: PHOTOS_ACTION })
          }
        />
      </div>
    </li>
  );
}
