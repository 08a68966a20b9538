import { Fragment } from "react";
import type { NutritionRow } from "./nutrition";

/**
 * "1757 kJ / 420 kcal" on one line where it fits, broken only between the two units where it does
 * not: the space is a text node between the parts, so it is read and copied too (a margin was not).
 */
const value = (text: string | null) =>
  text?.split(" / ").map((part, i, parts) => (
    <Fragment key={part}>
      {i > 0 ? " " : null}
      <span className="nutrition-table__part">{i < parts.length - 1 ? `${part} /` : part}</span>
    </Fragment>
  ));

/** The EU label's table per portion (and per 100 g when the portion's weight is known), with the notice that the values are indicative. */
export function NutritionTable({
  rows,
  portionGrams,
  notice,
}: {
  rows: NutritionRow[];
  portionGrams: number | null;
  /** RECIPE_MESSAGES.indicativeValues, sent by the loader: the page's script carries none of the editor's messages. */
  notice: string;
}) {
  const per100 = rows.some((row) => row.per100g !== null);
  return (
    <section className="recipe-nutrition" aria-labelledby="valori-nutrizionali">
      <h2 id="valori-nutrizionali">Valori nutrizionali</h2>
      <table className="nutrition-table">
        <caption className="visually-hidden">Valori nutrizionali indicativi</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Nutriente</span>
            </th>
            <th scope="col">
              Per porzione
              {portionGrams ? <span className="nutrition-table__weight"> ({portionGrams} g)</span> : null}
            </th>
            {per100 ? <th scope="col">Per 100 g</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.sub ? "nutrition-table__sub" : undefined}>
              <th scope="row">{row.label}</th>
              <td>{value(row.perPortion)}</td>
              {per100 ? <td>{value(row.per100g)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="recipe-nutrition__notice">{notice}</p>
    </section>
  );
}
