import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/recipes";
import { servicesContext } from "~/context";
import type { ActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond, failedAction } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { toRecipePhotoView } from "~/features/photos/recipe-photos.server";
import { RECIPE_MESSAGES } from "~/features/recipes/messages";
import { ADMIN_RECIPES, RecipeAdminList } from "~/features/recipes/recipe-admin-list";
import { deleteRecipe } from "~/features/recipes/recipe-editor.server";
import { recipeDeleteSchema } from "~/features/recipes/recipe-form";
import { toRecipeCardView } from "~/features/recipes/recipe-view.server";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import adminRecipesStyles from "~/styles/admin-recipes.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminRecipesStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Ricette", "Le ricette delle foto: scrivile, pubblicale, modificale.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["recipes", "recipe_photos"] };

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [recipes, photos] = await Promise.all([s.recipes.listAll(), s.photos.list()]);
  const withRecipe = new Set(recipes.map((recipe) => recipe.photoId));
  return data({
    recipes: recipes.map((recipe) => toRecipeCardView(s.media, recipe)),
    photos: photos
      .filter((photo) => !withRecipe.has(photo.id))
      .map((photo) => {
        const view = toRecipePhotoView(s.media, photo);
        return { id: view.id, label: view.title ?? PHOTO_MESSAGES.untitled, image: view.image };
      }),
    photoCount: photos.length,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), recipeDeleteSchema);
  if (submission.status !== "success") {
    return respond(
      request,
      s.flash,
      { ok: false, message: RECIPE_MESSAGES.notFound },
      { status: 400, redirectTo: ADMIN_RECIPES },
    );
  }
  let deleted: Awaited<ReturnType<typeof deleteRecipe>>;
  try {
    deleted = await deleteRecipe(s, submission.value.id);
  } catch (error) {
    const result = { ok: false, message: RECIPE_MESSAGES.deleteFailed };
    const failed = failedAction(s.logger, error, "recipe delete failed", { recipeId: submission.value.id });
    return respond(request, s.flash, result, { ...failed, redirectTo: ADMIN_RECIPES });
  }
  const result = deleted.ok
    ? { ok: true, message: RECIPE_MESSAGES.deleted }
    : { ok: false, message: RECIPE_MESSAGES[deleted.reason] };
  return respond(request, s.flash, result, { status: deleted.ok ? 200 : 404, redirectTo: ADMIN_RECIPES });
}

/** A network failure becomes a toast; an expired session or a refused request still reaches the error boundary. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && [401, 403].includes(error.status))) throw error;
    return { ok: false, message: RECIPE_MESSAGES.deleteFailed };
  }
}

export default function AdminRecipes({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin__title">Ricette</h1>
      <p className="admin-section__lead">
        Ogni ricetta ha una foto: la carichi nella ricetta, oppure scegli una foto della presentazione, che nella home
        porterà alla ricetta. Una bozza resta privata; una ricetta pubblicata compare su{" "}
        <Link to="/ricette">/ricette</Link>.
      </p>
      {/* Always offered: her own photo is uploaded in the editor, a slideshow photo is optional. */}
      <p>
        <Link className="button" to={`${ADMIN_RECIPES}/nuova`}>
          Nuova ricetta
        </Link>
      </p>
      <RecipeAdminList recipes={loaderData.recipes} photos={loaderData.photos} photoCount={loaderData.photoCount} />
    </>
  );
}
