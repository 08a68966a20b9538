import { useHydrated } from "~/ui/use-hydrated";
import { type IngredientView, MAX_SERVINGS } from "./recipe-view";

const portions = (n: number) => (n === 1 ? "1 porzione" : `${n} porzioni`);

/**
 * The ingredients for the servings she wrote them for; with JavaScript, a control shows them for
 * another number of servings (amounts rescaled and rounded on the server: quantities.ts). Without
 * it, the control's buttons keep their place hidden and the recipe reads as written. The number
 * chosen is the page's (the header's "Porzioni" follows it, on screen and in print).
 */
export function IngredientList({
  groups,
  servings,
  wanted,
  setWanted,
}: {
  groups: { section: string | null; items: IngredientView[] }[];
  servings: number;
  wanted: number;
  setWanted: (update: (n: number) => number) => void;
}) {
  const hydrated = useHydrated();
  return (
    <section className="recipe-ingredients" aria-labelledby="ingredienti">
      <h2 id="ingredienti">Ingredienti</h2>
      <div className="serving-control" data-ready={hydrated ? "true" : undefined}>
        <button
          type="button"
          className="serving-control__button"
          aria-label="Una porzione in meno"
          disabled={!hydrated || wanted <= 1}
          onClick={() => setWanted((n) => Math.max(1, n - 1))}
        >
          −
        </button>
        <p className="serving-control__value">
          Per <strong data-servings>{portions(wanted)}</strong>
        </p>
        <button
          type="button"
          className="serving-control__button"
          aria-label="Una porzione in più"
          disabled={!hydrated || wanted >= MAX_SERVINGS}
          onClick={() => setWanted((n) => Math.min(MAX_SERVINGS, n + 1))}
        >
          +
        </button>
        {wanted !== servings ? (
          <button type="button" className="serving-control__reset no-print" onClick={() => setWanted(() => servings)}>
            Dosi originali ({portions(servings)})
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {wanted !== servings ? `Quantità ricalcolate per ${portions(wanted)}` : ""}
      </p>
      {groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lists are shown as stored, never reordered in the page.
        <div key={index} className="recipe-ingredients__group">
          {group.section ? <h3>{group.section}</h3> : null}
          <ul>
            {group.items.map((ingredient, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <li key={i}>
                {ingredient.toTaste ? (
                  <>
                    {ingredient.name} <span className="recipe-ingredients__amount">q.b.</span>
                  </>
                ) : (
                  <>
                    <span className="recipe-ingredients__amount" data-amount>
                      {ingredient.amounts[wanted - 1]}
                    </span>{" "}
                    {ingredient.names?.[wanted - 1] ?? ingredient.name}
                  </>
                )}
                {ingredient.note ? <span className="recipe-ingredients__note">, {ingredient.note}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
