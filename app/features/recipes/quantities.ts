import { formatDecimal } from "~/core/format/italian-format";
import { pluralForm } from "~/core/format/plural";
import type { Ingredient, RecipeUnit } from "./recipe";

/*
 * Ingredient quantities: read as she types them, rescaled for another number of servings, and
 * written for a cook. Pure functions, run on the server for every number of servings the page's
 * control offers (recipe-view.server.ts): the page's script carries none of this code.
 */

/**
 * Singular and plural as they follow a quantity ("1 cucchiaio", "2 cucchiai"); "" for a plain count.
 * Here, not with the recipe's other labels: the recipe's page needs these and not those.
 */
export const UNIT_NAMES: Record<RecipeUnit, readonly [string, string]> = {
  g: ["g", "g"],
  kg: ["kg", "kg"],
  ml: ["ml", "ml"],
  l: ["l", "l"],
  cucchiaio: ["cucchiaio", "cucchiai"],
  cucchiaino: ["cucchiaino", "cucchiaini"],
  tazza: ["tazza", "tazze"],
  bicchiere: ["bicchiere", "bicchieri"],
  pizzico: ["pizzico", "pizzichi"],
  spicchio: ["spicchio", "spicchi"],
  fetta: ["fetta", "fette"],
  foglia: ["foglia", "foglie"],
  mazzetto: ["mazzetto", "mazzetti"],
  pezzo: ["", ""],
  qb: ["q.b.", "q.b."],
};

const VULGAR: Record<string, number> = { "¼": 0.25, "½": 0.5, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3 };

/**
 * "200", "1,5", "1.5", "1/2", "1 1/2", "½", "1½", "1 e 1/2" → the number; null for anything else
 * (a negative, a zero denominator, words).
 */
export function parseQuantity(text: string): number | null {
  const input = text.trim().replace(/\s+e\s+/, " ");
  let match = input.match(/^(\d{1,6})(?:[.,](\d{1,3}))?$/);
  if (match) return Number(`${match[1]}.${match[2] ?? "0"}`);
  match = input.match(/^(?:(\d{1,4})\s*)?([¼½¾⅓⅔])$/);
  if (match) return Number(match[1] ?? 0) + VULGAR[match[2]!]!;
  match = input.match(/^(?:(\d{1,4})\s+)?(\d{1,3})\s*\/\s*(\d{1,3})$/);
  if (match && Number(match[3]) > 0) return Number(match[1] ?? 0) + Number(match[2]) / Number(match[3]);
  return null;
}

type Kind = "mass" | "volume" | "measure" | "pinch" | "none";

const KIND: Record<RecipeUnit, Kind> = {
  g: "mass",
  kg: "mass",
  ml: "volume",
  l: "volume",
  cucchiaio: "measure",
  cucchiaino: "measure",
  tazza: "measure",
  bicchiere: "measure",
  spicchio: "measure",
  fetta: "measure",
  foglia: "measure",
  mazzetto: "measure",
  pezzo: "measure",
  pizzico: "pinch",
  qb: "none",
};

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Grams or millilitres rounded as a kitchen scale or jug reads them: finer for small amounts. */
function roundMetric(base: number): number {
  if (base < 10) return Math.max(0.5, roundTo(base, 0.5));
  if (base < 100) return Math.round(base);
  if (base < 250) return roundTo(base, 5);
  return roundTo(base, 10);
}

/** Spoons, cups, pieces: quarters below 2, halves below 10, whole from there; never less than ¼. */
function roundMeasure(value: number): number {
  if (value < 2) return Math.max(0.25, roundTo(value, 0.25));
  if (value < 10) return roundTo(value, 0.5);
  return Math.round(value);
}

export interface Amount {
  quantity: number | null;
  unit: RecipeUnit;
}

/**
 * The amount for `factor` times the servings: metric amounts switch between g and kg (ml and l) at
 * 1000, and are rounded to what a scale reads; spoons and pieces to fractions; a pinch stays at
 * least one; "q.b." has nothing to scale. A factor of 1 gives the amount exactly as written.
 */
export function scaleAmount(amount: Amount, factor: number): Amount {
  const { quantity, unit } = amount;
  if (quantity === null || factor === 1) return amount;
  const kind = KIND[unit];
  const scaled = quantity * factor;
  switch (kind) {
    case "mass":
    case "volume": {
      const [small, large] = kind === "mass" ? (["g", "kg"] as const) : (["ml", "l"] as const);
      const base = roundMetric(unit === large ? scaled * 1000 : scaled);
      // 1250 g reads as 1,25 kg; past 1 kg, steps of 50 g are as precise as a recipe needs.
      return base >= 1000 ? { quantity: roundTo(base, 50) / 1000, unit: large } : { quantity: base, unit: small };
    }
    case "pinch":
      return { quantity: Math.max(1, Math.round(scaled)), unit };
    case "measure":
      return { quantity: roundMeasure(scaled), unit };
    default:
      return amount;
  }
}

const FRACTIONS: Record<number, string> = { 0.25: "¼", 0.5: "½", 0.75: "¾" };

/** 1.5 → "1 ½", 0.25 → "¼", 2 → "2"; other decimals with a comma (0,3). */
function formatMeasure(value: number): string {
  const whole = Math.floor(value);
  const fraction = FRACTIONS[Math.round((value - whole) * 100) / 100];
  if (fraction) return whole > 0 ? `${whole} ${fraction}` : fraction;
  return formatDecimal(value, 2);
}

/**
 * Which of a word's two forms follows a quantity: Italian's rule ("1 cucchiaio", "2 cucchiai",
 * "1 ½ cucchiai"), except below one, which is read as a part of one ("½ zucchina" is "mezza zucchina").
 */
export function quantityForm<T>(quantity: number, forms: readonly [T, T]): T {
  return quantity < 1 ? forms[0] : pluralForm(quantity, forms);
}

/** "200 g", "1,25 kg", "1 ½ cucchiai", "½", "q.b.": the amount as the ingredient list shows it. */
export function formatAmount({ quantity, unit }: Amount): string {
  const names = UNIT_NAMES[unit];
  if (quantity === null) return names[0];
  const number =
    KIND[unit] === "mass" || KIND[unit] === "volume" ? formatDecimal(quantity, 2) : formatMeasure(quantity);
  const name = quantityForm(quantity, names);
  return name ? `${number} ${name}` : number;
}

/**
 * The ingredient's name after `amount`: a counted one ("pezzo") in the form its number wants
 * ("1 zucchina", "2 zucchine") when she gave its plural; as she wrote it otherwise ("2 cucchiai" of "olio").
 */
export function ingredientName(ingredient: Pick<Ingredient, "name" | "plural">, amount: Amount): string {
  if (amount.unit !== "pezzo" || amount.quantity === null || !ingredient.plural) return ingredient.name;
  return quantityForm(amount.quantity, [ingredient.name, ingredient.plural]);
}

/** The ingredient in one line, as search engines read it: "200 g farro perlato (sciacquato)". */
export function ingredientLine(ingredient: Ingredient): string {
  const amount = formatAmount(ingredient);
  const name = ingredientName(ingredient, ingredient);
  const note = ingredient.note ? ` (${ingredient.note})` : "";
  return ingredient.unit === "qb" ? `${name} ${amount}${note}` : `${amount} ${name}${note}`;
}

/** The ingredients in the groups she gave them, in order (a group without a heading first, if any). */
export function groupIngredients<T extends Pick<Ingredient, "section">>(
  ingredients: readonly T[],
): { section: string | null; items: T[] }[] {
  const groups: { section: string | null; items: T[] }[] = [];
  for (const ingredient of ingredients) {
    const last = groups.at(-1);
    if (last && last.section === ingredient.section) last.items.push(ingredient);
    else groups.push({ section: ingredient.section, items: [ingredient] });
  }
  return groups;
}
