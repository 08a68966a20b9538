import { Link, useFetcher, useSearchParams } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { ResponsiveImage } from "~/ui/responsive-image";
import { RECIPE_MESSAGES } from "./messages";
import type { PhotoChoice } from "./recipe-editor";
import type { RecipeCardView } from "./recipe-view";

export const ADMIN_RECIPES = "/admin/ricette";

/** The admin's recipes: each with its state and actions, then the photos that have none yet. */
export function RecipeAdminList({
  recipes,
  photos,
  photoCount,
}: {
  recipes: RecipeCardView[];
  photos: PhotoChoice[];
  /** The slideshow's photos, free or not. */
  photoCount: number;
}) {
  // One fetcher for every row: its answer is shown here, after the deleted row has left the list.
  const remover = useFetcher<ActionResult>();
  useActionResult(remover.data);
  const removing = remover.state !== "idle" ? remover.formData?.get("id") : null;
  return (
    <>
      <section className="admin-section" aria-labelledby="ricette-elenco">
        <h2 id="ricette-elenco" className="admin-section__title">
          Le ricette
        </h2>
        {recipes.length === 0 ? (
          <p className="admin-empty">
            {photos.length > 0
              ? "Nessuna ricetta ancora: scegli una foto qui sotto e scrivi la sua ricetta."
              : "Nessuna ricetta ancora."}
          </p>
        ) : (
          <ul className="recipe-admin-list">
            {recipes.map((recipe) =>
              recipe.id === removing ? null : (
                <RecipeRow
                  key={recipe.id}
                  recipe={recipe}
                  onDelete={() =>
                    remover.submit({ intent: "delete", id: recipe.id }, { method: "post", action: ADMIN_RECIPES })
                  }
                />
              ),
            )}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="ricette-foto">
        <h2 id="ricette-foto" className="admin-section__title">
          Foto senza ricetta
        </h2>
        {photos.length === 0 ? (
          <p className="admin-empty">
            {photoCount === 0
              ? "Nella presentazione non ci sono ancora foto."
              : "Ogni foto della presentazione ha già la sua ricetta."}
          </p>
        ) : (
          <ul className="recipe-admin-list">
            {photos.map((photo) => (
              <li key={photo.id} className="recipe-admin-row">
                <ResponsiveImage image={photo.image} alt="" sizes="6rem" className="recipe-admin-row__img" />
                <div className="recipe-admin-row__body">
                  <h3 className="recipe-admin-row__title">{photo.label}</h3>
                  <p className="recipe-admin-row__actions">
                    <Link
                      className="admin-action"
                      to={`${ADMIN_RECIPES}/nuova?foto=${photo.id}`}
                      aria-label={`Scrivi la ricetta: ${photo.label}`}
                    >
                      Scrivi la ricetta
                    </Link>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function RecipeRow({ recipe, onDelete }: { recipe: RecipeCardView; onDelete: () => void }) {
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("elimina") === recipe.id;
  return (
    <li className="recipe-admin-row" id={`ricetta-${recipe.id}`}>
      {recipe.image ? (
        <ResponsiveImage image={recipe.image} alt="" sizes="6rem" className="recipe-admin-row__img" />
      ) : (
        <span className="recipe-admin-row__img recipe-admin-row__img--none" />
      )}
      <div className="recipe-admin-row__body">
        <h3 className="recipe-admin-row__title">{recipe.title}</h3>
        <p className="recipe-admin-row__meta">
          <span className={`recipe-status recipe-status--${recipe.status}`}>{recipe.statusLabel}</span>
          <span aria-hidden="true"> · </span>
          {recipe.categoryLabel}
          <span aria-hidden="true"> · </span>
          {recipe.image ? null : "senza foto · "}
          {recipe.path}
        </p>
        <p className="recipe-admin-row__actions">
          <Link className="admin-action" to={`${ADMIN_RECIPES}/${recipe.id}`} aria-label={`Modifica: ${recipe.title}`}>
            Modifica
          </Link>
          {recipe.status === "published" ? (
            <Link className="admin-action" to={recipe.path} aria-label={`Apri la pagina: ${recipe.title}`}>
              Apri la pagina
            </Link>
          ) : null}
          <ConfirmButton
            label="Elimina"
            accessibleLabel={`Elimina la ricetta: ${recipe.title}`}
            question={RECIPE_MESSAGES.deleteQuestion}
            confirmLabel="Elimina"
            noScriptHref={`${ADMIN_RECIPES}?elimina=${recipe.id}#ricetta-${recipe.id}`}
            onConfirm={onDelete}
          />
        </p>
        {confirming ? (
          <NoScriptConfirm
            action={ADMIN_RECIPES}
            question={RECIPE_MESSAGES.deleteQuestion}
            confirmLabel="Elimina"
            fields={{ intent: "delete", id: recipe.id }}
            cancelHref={`${ADMIN_RECIPES}#ricetta-${recipe.id}`}
          />
        ) : null}
      </div>
    </li>
  );
}
