import { useCallback, useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, useFetcher, useFetchers, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin";
import { publishChange, respond } from "~/admin/actions.server";
import { PHOTO_MESSAGES, REVIEW_MESSAGES } from "~/admin/messages";
import { deletePhoto, movePhoto, titleSchema } from "~/admin/photos.server";
import { requireAdmin } from "~/auth/admin-auth.server";
import { ConfirmButton, NoScriptConfirm } from "~/components/admin/confirm-button";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { useFetcherToast } from "~/components/admin/fetcher-toast";
import { PhotoUploadForm, type UploadPhase } from "~/components/admin/photo-upload";
import type { LiveHandle } from "~/components/live-updates";
import { ResponsiveImage } from "~/components/responsive-image";
import { ReviewCard } from "~/components/review-card";
import { readFormData } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { deleteStoredImage } from "~/media/image-pipeline.server";
import { toRecipePhotoView } from "~/models/recipe-photos.server";
import { toReviewView } from "~/models/reviews.server";
import type { RecipePhotoView, ReviewView } from "~/models/views";
import { servicesContext } from "~/services.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Pannello Admin", "Gestione delle foto delle ricette e delle recensioni.", { noindex: true });

/** Another tab, or another administrator's device, changing photos or reviews refreshes this page. */
export const handle: LiveHandle = { liveTables: ["recipe_photos", "reviews"] };

const REVIEWS_PAGE = 30;
const MAX_REVIEWS = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const url = new URL(request.url);
  const reviewLimit = Math.min(
    MAX_REVIEWS,
    Math.max(REVIEWS_PAGE, Number.parseInt(url.searchParams.get("recensioni") ?? "", 10) || REVIEWS_PAGE),
  );
  const moderation = s.config.reviewsModeration;
  const [photos, pending, latest] = await Promise.all([
    s.photos.list(),
    s.reviews.listPage({ status: "pending", limit: MAX_REVIEWS }),
    s.reviews.listPage({ limit: reviewLimit }),
  ]);
  // With moderation on, what waits for a decision comes first.
  const reviews = moderation
    ? [...pending.reviews, ...latest.reviews.filter((r) => r.status !== "pending")]
    : latest.reviews;
  return data({
    photos: photos.map((p) => toRecipePhotoView(s.media, p)),
    reviews: reviews.map((r) => toReviewView(s.media, r, s.content.practitioner.name)),
    pendingCount: pending.reviews.length,
    moderation,
    moreReviews: latest.nextCursor ? reviewLimit + REVIEWS_PAGE : null,
  });
}

const idSchema = z.uuid();
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retitle"), id: idSchema, title: titleSchema }),
  z.object({ intent: z.literal("move"), id: idSchema, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete-photo"), id: idSchema }),
  z.object({ intent: z.literal("review-status"), id: idSchema, status: z.enum(["published", "hidden"]) }),
  z.object({ intent: z.literal("delete-review"), id: idSchema }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = Object.fromEntries(await readFormData(request, 16 * 1024));
  const parsed = actionSchema.safeParse(form);
  const photosAnchor = "/admin#foto";
  const reviewsAnchor = "/admin#recensioni";
  if (!parsed.success) {
    const titleIssue = parsed.error.issues.find((i) => i.path[0] === "title");
    return respond(
      request,
      { ok: false, message: titleIssue?.message ?? PHOTO_MESSAGES.generic },
      { status: 400, redirectTo: photosAnchor },
    );
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "retitle": {
        const row = await s.photos.setTitle(input.id, input.title);
        if (!row) return respond(request, { ok: false, message: PHOTO_MESSAGES.notFound }, { status: 404, redirectTo: photosAnchor });
        await publishChange(s, { table: "recipe_photos", action: "update", id: input.id });
        return respond(request, { ok: true, message: PHOTO_MESSAGES.titleSaved }, { redirectTo: `/admin#foto-${input.id}` });
      }
      case "move": {
        const position = await movePhoto(s, input.id, input.direction);
        if (position === null) return respond(request, { ok: false, message: PHOTO_MESSAGES.notFound }, { status: 404, redirectTo: photosAnchor });
        return respond(
          request,
          { ok: true, message: `${PHOTO_MESSAGES.orderSaved}: la foto è ora in posizione ${position}` },
          { redirectTo: `/admin#foto-${input.id}` },
        );
      }
      case "delete-photo": {
        try {
          const deleted = await deletePhoto(s, input.id);
          if (!deleted) return respond(request, { ok: false, message: PHOTO_MESSAGES.notFound }, { status: 404, redirectTo: photosAnchor });
        } catch (error) {
          s.logger.error({ err: error, photoId: input.id }, "photo delete failed");
          return respond(request, { ok: false, message: PHOTO_MESSAGES.deleteFailed }, { status: 500, redirectTo: photosAnchor });
        }
        return respond(request, { ok: true, message: PHOTO_MESSAGES.deleted }, { redirectTo: photosAnchor });
      }
      case "review-status": {
        const before = await s.reviews.get(input.id);
        const row = before && (await s.reviews.setStatus(input.id, input.status));
        if (!row) return respond(request, { ok: false, message: REVIEW_MESSAGES.notFound }, { status: 404, redirectTo: reviewsAnchor });
        await publishChange(s, { table: "reviews", action: "update", id: input.id });
        const message =
          input.status === "hidden"
            ? REVIEW_MESSAGES.hidden
            : before.status === "pending"
              ? REVIEW_MESSAGES.approved
              : REVIEW_MESSAGES.published;
        return respond(request, { ok: true, message }, { redirectTo: `/admin#recensione-${input.id}` });
      }
      case "delete-review": {
        const row = await s.reviews.delete(input.id);
        if (!row) return respond(request, { ok: false, message: REVIEW_MESSAGES.notFound }, { status: 404, redirectTo: reviewsAnchor });
        await deleteStoredImage(s.media, row.image);
        await publishChange(s, { table: "reviews", action: "delete", id: input.id });
        return respond(request, { ok: true, message: REVIEW_MESSAGES.deleted }, { redirectTo: reviewsAnchor });
      }
    }
  } catch (error) {
    s.logger.error({ err: error, intent: input.intent }, "admin action failed");
    return respond(request, { ok: false, message: PHOTO_MESSAGES.generic }, { status: 500, redirectTo: "/admin" });
  }
}

/**
 * A network failure or a server error must not replace the panel with an
 * error page: it becomes a toast. An expired session (401) or a refused
 * request (403) still goes to the error boundary, which says what to do.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && [401, 403].includes(error.status))) throw error;
    return {
      ok: false,
      message: intent === "delete-photo" ? PHOTO_MESSAGES.deleteFailed : PHOTO_MESSAGES.generic,
    };
  }
}

const dateFormat = new Intl.DateTimeFormat("it-IT", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Rome",
});

/** Spec §2: the creation date in Italian format, dd/mm/yyyy. */
export function formatItalianDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export default function AdminPanel({ loaderData, actionData }: Route.ComponentProps) {
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  return (
    <>
      <h1 className="admin__title">Pannello Admin</h1>
      {/* Without JavaScript an older browser may get the action's result here instead of a toast. */}
      {actionData && "message" in actionData ? (
        <p className={actionData.ok ? "admin-notice" : "admin-notice admin-notice--error"}>{actionData.message}</p>
      ) : null}

      <section className="admin-section" aria-labelledby="aggiungi-titolo" id="aggiungi">
        <h2 id="aggiungi-titolo" className="admin-section__title">
          Aggiungi una foto
        </h2>
        <p className="admin-section__lead">Le foto compaiono nella presentazione delle ricette della home, nell'ordine dell'elenco.</p>
        <PhotoUploadForm onPhaseChange={setPhase} />
      </section>

      <PhotoList photos={loaderData.photos} uploading={phase.kind !== "idle"} />

      <ReviewList
        reviews={loaderData.reviews}
        pendingCount={loaderData.pendingCount}
        moderation={loaderData.moderation}
        moreReviews={loaderData.moreReviews}
      />
    </>
  );
}

/** The order the list shows: the server's, with moves still in flight applied (so the buttons respond at once). */
function useOptimisticOrder(photos: RecipePhotoView[]): RecipePhotoView[] {
  const fetchers = useFetchers();
  let order = photos;
  for (const f of fetchers) {
    if (f.formData?.get("intent") !== "move") continue;
    const id = String(f.formData.get("id"));
    const from = order.findIndex((p) => p.id === id);
    if (from < 0) continue;
    const to = f.formData.get("direction") === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) continue;
    order = [...order];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
  }
  return order;
}

function PhotoList({ photos, uploading }: { photos: RecipePhotoView[]; uploading: boolean }) {
  const order = useOptimisticOrder(photos);
  const pendingDeletes = new Set(
    useFetchers()
      .filter((f) => f.formData?.get("intent") === "delete-photo")
      .map((f) => String(f.formData!.get("id"))),
  );
  const visible = order.filter((p) => !pendingDeletes.has(p.id));
  // Keyboard users keep their place: after a move, focus follows the photo they moved.
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !listRef.current) return;
    const row = listRef.current.querySelector<HTMLElement>(`[data-photo-id="${target.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${target.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`button[data-move="${target.direction === "up" ? "down" : "up"}"]`);
    const button = same && !same.disabled ? same : other;
    if (button && document.activeElement !== button) button.focus();
  });
  const onMove = useCallback((id: string, direction: "up" | "down") => {
    focusAfterMove.current = { id, direction };
  }, []);

  return (
    <section className="admin-section" aria-labelledby="foto-titolo" id="foto">
      <h2 id="foto-titolo" className="admin-section__title">
        Foto Caricate ({visible.length})
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
  onMove: (id: string, direction: "up" | "down") => void;
}) {
  const [searchParams] = useSearchParams();
  const mover = useFetcher();
  const editor = useFetcher();
  const remover = useFetcher();
  const editRef = useRef<HTMLDetailsElement>(null);
  useFetcherToast(mover);
  useFetcherToast(remover);
  useFetcherToast(editor, (result) => {
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
            Caricata il <time dateTime={photo.createdAt}>{formatItalianDate(photo.createdAt)}</time>
          </span>
          <span aria-hidden="true"> · </span>
          <span>
            Posizione {position} di {total}
          </span>
        </p>
        <details className="photo-row__edit" ref={editRef}>
          <summary className="admin-action">Modifica titolo</summary>
          <editor.Form method="post" action="/admin" className="photo-row__edit-form" key={photo.title ?? ""}>
            <input type="hidden" name="intent" value="retitle" />
            <input type="hidden" name="id" value={photo.id} />
            <label htmlFor={titleInputId}>Nuovo titolo (vuoto per nessun titolo)</label>
            <div className="photo-row__edit-row">
              <input id={titleInputId} name="title" type="text" maxLength={120} defaultValue={photo.title ?? ""} autoComplete="off" />
              <button type="submit" className="button" disabled={editor.state !== "idle"}>
                {editor.state !== "idle" ? "Salvataggio..." : "Salva"}
              </button>
            </div>
          </editor.Form>
        </details>
        {confirming ? (
          <NoScriptConfirm
            question={PHOTO_MESSAGES.deleteQuestion}
            confirmLabel="Elimina"
            fields={{ intent: "delete-photo", id: photo.id }}
            cancelHref={`/admin#foto-${photo.id}`}
          />
        ) : null}
      </div>
      <div className="photo-row__actions">
        {(["up", "down"] as const).map((direction) => (
          <mover.Form method="post" action="/admin" key={direction} onSubmit={() => onMove(photo.id, direction)}>
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
          onConfirm={() => remover.submit({ intent: "delete-photo", id: photo.id }, { method: "post", action: "/admin" })}
        />
      </div>
    </li>
  );
}

const statusLabels: Record<ReviewView["status"], string> = {
  pending: "In attesa di approvazione",
  published: "Pubblicata",
  hidden: "Nascosta",
};

function ReviewList({
  reviews,
  pendingCount,
  moderation,
  moreReviews,
}: {
  reviews: ReviewView[];
  pendingCount: number;
  moderation: boolean;
  moreReviews: number | null;
}) {
  return (
    <section className="admin-section" aria-labelledby="recensioni-titolo" id="recensioni">
      <h2 id="recensioni-titolo" className="admin-section__title">
        Recensioni
      </h2>
      <p className="admin-section__lead">
        {moderation
          ? pendingCount > 0
            ? `${pendingCount === 1 ? "Una recensione attende" : `${pendingCount} recensioni attendono`} la tua approvazione prima di comparire sul sito.`
            : "Le nuove recensioni compaiono sul sito solo dopo la tua approvazione. Nessuna è in attesa."
          : "Le nuove recensioni compaiono subito sul sito. Puoi nasconderle o eliminarle."}
      </p>
      {reviews.length === 0 ? (
        <p className="admin-empty">{REVIEW_MESSAGES.empty}</p>
      ) : (
        <ul className="review-admin-list">
          {reviews.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </ul>
      )}
      {moreReviews ? (
        <a className="button button--secondary" href={`/admin?recensioni=${moreReviews}#recensioni`}>
          Mostra altre recensioni
        </a>
      ) : null}
    </section>
  );
}

function ReviewRow({ review }: { review: ReviewView }) {
  const [searchParams] = useSearchParams();
  const status = useFetcher();
  const remover = useFetcher();
  useFetcherToast(status);
  useFetcherToast(remover);
  const shown = (status.formData?.get("status") as ReviewView["status"] | undefined) ?? review.status;
  const confirming = searchParams.get("elimina-recensione") === review.id;
  const busy = status.state !== "idle" || remover.state !== "idle";
  if (remover.formData) return null;

  return (
    <li className={`review-admin review-admin--${shown}`} id={`recensione-${review.id}`}>
      <p className={`review-admin__status review-admin__status--${shown}`}>{statusLabels[shown]}</p>
      <ReviewCard review={review} />
      <div className="review-admin__actions">
        {shown !== "published" ? (
          <status.Form method="post" action="/admin">
            <input type="hidden" name="intent" value="review-status" />
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="status" value="published" />
            <button type="submit" className="button" disabled={busy} aria-label={`${shown === "pending" ? "Approva" : "Pubblica"} la recensione di ${review.name}`}>
              {shown === "pending" ? "Approva" : "Pubblica"}
            </button>
          </status.Form>
        ) : null}
        {shown !== "hidden" ? (
          <status.Form method="post" action="/admin">
            <input type="hidden" name="intent" value="review-status" />
            <input type="hidden" name="id" value={review.id} />
            <input type="hidden" name="status" value="hidden" />
            <button type="submit" className="button button--secondary" disabled={busy} aria-label={`Nascondi la recensione di ${review.name}`}>
              Nascondi
            </button>
          </status.Form>
        ) : null}
        <ConfirmButton
          label="Elimina"
          accessibleLabel={`Elimina la recensione di ${review.name}`}
          question={REVIEW_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          noScriptHref={`/admin?elimina-recensione=${review.id}#recensione-${review.id}`}
          disabled={busy}
          onConfirm={() => remover.submit({ intent: "delete-review", id: review.id }, { method: "post", action: "/admin" })}
        />
      </div>
      {confirming ? (
        <NoScriptConfirm
          question={REVIEW_MESSAGES.deleteQuestion}
          confirmLabel="Elimina"
          fields={{ intent: "delete-review", id: review.id }}
          cancelHref={`/admin#recensione-${review.id}`}
        />
      ) : null}
    </li>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
