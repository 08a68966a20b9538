import { useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/features/account/admin-auth.server";
import type { LiveHandle } from "~/ui/live-updates";
import { servicesContext } from "~/context";
import { pageMeta } from "~/features/site-content/meta";
import { toRecipePhotoView } from "~/features/photos/recipe-photos.server";
import { toAdminReviewViews } from "~/features/reviews/admin-review-views.server";
import { PhotoList } from "~/features/photos/photo-list";
import { PhotoUploadForm, type UploadPhase } from "~/features/photos/photo-upload";
import { ReviewList } from "~/features/reviews/moderation-list";
import { TodoList } from "~/ui/admin/todo-list";
import { useAdminTodo } from "./layout";
import { todoItems } from "~/composition/admin/todo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Pannello admin", "Gestione delle foto delle ricette e delle recensioni.", { noindex: true });

/** Another tab, or another administrator's device, changing photos or reviews refreshes this page. */
export const handle: LiveHandle = { liveTables: ["recipe_photos", "reviews"] };

const REVIEWS_PAGE = 30;
const MAX_REVIEWS = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const practitionerName = (await s.siteContent.current()).content.practitioner.name;
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
    reviews: await toAdminReviewViews(s, reviews, practitionerName),
    pendingCount: pending.reviews.length,
    moderation,
    moreReviews: latest.nextCursor ? reviewLimit + REVIEWS_PAGE : null,
  });
}

export default function AdminPanel({ loaderData }: Route.ComponentProps) {
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  return (
    <>
      <h1 className="admin__title">Pannello admin</h1>
      <TodoList items={todoItems(useAdminTodo())} />
      <section className="admin-section" aria-labelledby="aggiungi-titolo" id="aggiungi">
        <h2 id="aggiungi-titolo" className="admin-section__title">
          Aggiungi una foto
        </h2>
        <p className="admin-section__lead">
          Le foto compaiono nella presentazione delle ricette della home, nell'ordine dell'elenco.
        </p>
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
