import { data, useNavigate } from "react-router";
import { EditorHeading } from "~/ui/admin/editor-heading";
import type { Route } from "./+types/recipe-edit";
import { servicesContext } from "~/context";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond, failedAction } from "~/core/forms/respond.server";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import { imageUpload, saveUploadedImage } from "~/core/media/image-upload.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { toRecipePhotoView } from "~/features/photos/recipe-photos.server";
import { MAX_INGREDIENTS, RECIPE_MESSAGES, RECIPE_REFUSALS } from "~/features/recipes/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { recipePath } from "~/features/recipes/recipe";
import { ADMIN_RECIPES } from "~/features/recipes/recipe-admin-list";
import { RecipeEditor } from "~/features/recipes/recipe-editor";
import { sayRecipeSave } from "~/features/recipes/recipe-answer";
import { type SaveRecipeResult, saveRecipe } from "~/features/recipes/recipe-editor.server";
import { recipeFormSchema, toFormDefaults } from "~/features/recipes/recipe-form";
import { pageMeta } from "~/features/site-content/meta";
import adminRecipesStyles from "~/styles/admin-recipes.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminRecipesStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Ricetta", "Scrivi e pubblica una ricetta con la sua foto.", { noindex: true });

/** Sixty ingredients and thirty long steps fit beside her photo (10 MB at most); a larger body is refused unread. */
const UPLOAD = { what: "recipe photo upload" };
/** Some forty fields, and six per ingredient row. */
const MAX_FIELDS = 40 + MAX_INGREDIENTS * 6;
const NEW = "nuova";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const recipe = params.id === NEW ? null : await s.recipes.get(params.id);
  if (params.id !== NEW && !recipe) throw data(RECIPE_MESSAGES.notFound, { status: 404 });
  const [photos, recipes] = await Promise.all([s.photos.list(), s.recipes.listAll()]);
  // The photos still free, and this recipe's own.
  const taken = new Set(recipes.filter((r) => r.id !== recipe?.id).map((r) => r.photoId));
  const choices = photos.flatMap((photo, index) => {
    if (taken.has(photo.id)) return [];
    const view = toRecipePhotoView(s.media, photo);
    // Chosen by its thumbnail: the title says the rest, and an untitled photo its place in the slideshow.
    const label = photo.title ?? `Foto ${index + 1} (${PHOTO_MESSAGES.untitled.toLowerCase()})`;
    return [{ id: photo.id, label, image: view.image }];
  });
  const wanted = choices.find((photo) => photo.id === new URL(request.url).searchParams.get("foto"));
  const wantedPhoto = wanted && photos.find((photo) => photo.id === wanted.id);
  return data({
    recipeId: recipe?.id ?? null,
    updatedAt: recipe?.updatedAt.toISOString() ?? null,
    publishedPath: recipe?.status === "published" ? recipePath(recipe.slug) : null,
    initial: toFormDefaults(recipe ?? null, wantedPhoto ? { id: wantedPhoto.id, title: wantedPhoto.title } : undefined),
    photos: choices,
    /** Her own photo of the recipe, uploaded here, as it shows now. */
    ownImage: recipe?.own ? toPublicImage(s.media, recipe.own.image) : null,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const read = await readForm(request, { upload: imageUpload(s, UPLOAD), maxFields: MAX_FIELDS });
  if (!read.ok) return respond(request, s.flash, { ok: false, message: read.message }, { status: read.status });
  const submission = parseSubmission(read.form, recipeFormSchema);
  if (submission.status === undefined) {
    // An ingredient button without JavaScript: the form comes back with the row added, moved or removed
    // (no message: nothing was saved, and there is nothing to announce).
    return respond<EditorResult>(request, s.flash, { ok: true, message: "", reply: submission.reply() });
  }
  if (submission.status !== "success") {
    return respond(request, s.flash, refusal(submission, RECIPE_MESSAGES.invalid), { status: 400 });
  }
  const id = params.id === NEW ? undefined : params.id;
  let result: SaveRecipeResult;
  try {
    const { value } = submission;
    const found = value.photoId ? await s.photos.get(value.photoId) : undefined;
    const photo = found ? { id: found.id, image: found.image } : null;
    if (value.image) {
      // Her own photo: re-encoded by the image pipeline, removed again when the save is refused.
      const stored = await saveUploadedImage(
        s,
        { ...UPLOAD, prefix: "recipe-photos", file: value.image },
        (upload) => saveRecipe(s, { id, value, photo, upload }),
        (saved) => saved.ok,
      );
      if (!stored.ok) {
        const answer = { ok: false, message: stored.message, reply: submission.reply() };
        return respond(request, s.flash, answer, { status: stored.status });
      }
      result = stored.saved;
    } else result = await saveRecipe(s, { id, value, photo });
  } catch (error) {
    const failed = { ok: false, message: RECIPE_MESSAGES.failed, reply: submission.reply() };
    return respond(request, s.flash, failed, failedAction(s.logger, error, "recipe save failed", { recipeId: id }));
  }
  const { message, fieldErrors } = sayRecipeSave(result);
  if (!result.ok) {
    const { answer, status } = sayRefusal(RECIPE_REFUSALS, result.reason, { reply: submission.reply({ fieldErrors }) });
    return respond(request, s.flash, { ...answer, message }, { status });
  }
  const recipeId = result.value.recipe.id;
  return respond<EditorResult>(
    request,
    s.flash,
    { ok: true, message, recipeId },
    { status: id ? 200 : 201, redirectTo: `${ADMIN_RECIPES}/${recipeId}` },
  );
}

/** The editor's answer; an empty message: an ingredient row changed without JavaScript, nothing saved. */
type EditorResult = ActionResult & { recipeId?: string };

export default function AdminRecipeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const result = actionData as EditorResult | undefined;
  useActionResult(result?.message ? result : undefined, (saved) => {
    // A new recipe saved with JavaScript: its own address from now on.
    if (saved.ok && saved.recipeId && saved.recipeId !== loaderData.recipeId)
      void navigate(`${ADMIN_RECIPES}/${saved.recipeId}`, { replace: true });
  });
  return (
    <>
      <EditorHeading
        back={{ to: ADMIN_RECIPES, label: "Tutte le ricette" }}
        title={loaderData.recipeId ? "Modifica la ricetta" : "Nuova ricetta"}
        published={{ path: loaderData.publishedPath, word: "Pubblicata" }}
      />
      {/* Her own photo, uploaded here, or a free photo of the slideshow: never a form that can only be refused. */}
      <RecipeEditor
        key={loaderData.updatedAt ?? "nuova"}
        recipeId={loaderData.recipeId}
        initial={loaderData.initial}
        photos={loaderData.photos}
        ownImage={loaderData.ownImage}
        lastResult={result && (!result.ok || !result.message) ? result.reply : undefined}
      />
    </>
  );
}
