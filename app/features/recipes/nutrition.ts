import { formatCount, formatDecimal } from "~/core/format/italian-format";
import { NUTRIENT_LABELS, NUTRIENTS, type Nutrient, type Nutrition } from "./recipe";

/** 1 kcal = 4,184 kJ (Reg. UE 1169/2011, allegato XIV). */
export const KJ_PER_KCAL = 4.184;

export const kilojoulesFor = (kcal: number) => Math.round(kcal * KJ_PER_KCAL);

/** One line of the nutrition table, ready to show: per portion, and per 100 g when the portion's weight is known. */
export interface NutritionRow {
  key: "energy" | Nutrient;
  label: string;
  perPortion: string;
  per100g: string | null;
  /** A "di cui" line, indented under the one before it. */
  sub: boolean;
}

/** Whether she entered any value at all (a recipe without them shows no table). */
export const hasNutrition = (n: Nutrition) => n.energyKcal !== null;

/** Grams with one decimal (the label's precision), salt with two: "12,5 g", "0,75 g". */
function grams(key: Nutrient, value: number): string {
  return `${formatDecimal(value, key === "salt" ? 2 : 1)} g`;
}

/**
 * The table's rows in the EU label's order and names, the values she gave per portion and, when
 * she gave the portion's weight, per 100 g (value × 100 / weight). Nutrients she left blank are left out.
 */
export function nutritionRows(nutrition: Nutrition, portionGrams: number | null): NutritionRow[] {
  const per100 = (value: number) => (portionGrams ? (value * 100) / portionGrams : null);
  const rows: NutritionRow[] = [];
  if (nutrition.energyKcal !== null) {
    const kj = nutrition.energyKj ?? kilojoulesFor(nutrition.energyKcal);
    const energy = (kcal: number, kilojoules: number) => `${formatCount(kilojoules)} kJ / ${formatCount(kcal)} kcal`;
    const kcal100 = per100(nutrition.energyKcal);
    const kj100 = per100(kj);
    rows.push({
      key: "energy",
      label: "Energia",
      perPortion: energy(nutrition.energyKcal, kj),
      per100g: kcal100 === null || kj100 === null ? null : energy(kcal100, kj100),
      sub: false,
    });
  }
  for (const key of NUTRIENTS) {
    const value = nutrition[key];
    if (value === null) continue;
    const hundred = per100(value);
    rows.push({
      key,
      label: NUTRIENT_LABELS[key],
      perPortion: grams(key, value),
      per100g: hundred === null ? null : grams(key, hundred),
      sub: key === "saturates" || key === "sugars",
    });
  }
  return rows;
}
