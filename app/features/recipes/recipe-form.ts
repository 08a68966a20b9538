import { z } from "zod";
import { multiLine, oneLine } from "~/core/forms/field-rules";
import {
  DESCRIPTION_MAX_LENGTH,
  IMAGE_ALT_MAX_LENGTH,
  MAX_INGREDIENTS,
  MAX_STEPS,
  NOTE_MAX_LENGTH,
  RECIPE_MESSAGES as M,
  STEP_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "./messages";
import { kilojoulesFor } from "./nutrition";
import { parseQuantity } from "./quantities";
import { NUTRIENTS, type RecipeData, recipeCategories, recipeStatuses, recipeTags, recipeUnits } from "./recipe";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "~/core/format/slug";
import { optionalImageSchema } from "~/core/media/image-upload";

/*
 * The editor's form: one zod schema the browser checks with and the server parses with. Every
 * field arrives as text (Conform's coercion is off): numbers are read here, the Italian way too
 * (1,5), and every refusal has its Italian message next to its field.
 */

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const tooLong = (max: number) => `Testo troppo lungo: al massimo ${max} caratteri.`;

const text = (missing: string, max: number, lines: "one" | "many" = "one") => {
  const base = z.string({ error: missing }).trim().max(max, tooLong(max));
  return z.preprocess(blankToUndefined, lines === "one" ? oneLine(base) : multiLine(base));
};
const optionalText = (max: number, lines: "one" | "many" = "one") => {
  const base = z.string().trim().max(max, tooLong(max));
  return z.preprocess(blankToUndefined, (lines === "one" ? oneLine(base) : multiLine(base)).optional());
};

/** A whole number from `min` to `max`; `message` for anything else, a blank included. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,6}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );

/** A value of the nutrition table: blank, or a non-negative number with at most `decimals` decimals. */
const nutrient = (max: number, decimals: 0 | 1 | 2 = 1) => {
  const message = decimals === 0 ? M.energyInvalid : M.nutrientInvalid;
  const pattern = decimals === 0 ? /^\d{1,5}$/ : new RegExp(`^\\d{1,5}([.,]\\d{1,${decimals}})?$`);
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(pattern, message)
      .transform((value) => Number(value.replace(",", ".")))
      .pipe(z.number().max(max, message))
      .optional(),
  );
};

const quantity = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(20, M.quantityInvalid)
    .transform((value, ctx) => {
      const parsed = parseQuantity(value);
      if (parsed === null || parsed <= 0 || parsed > 100_000) {
        ctx.addIssue({ code: "custom", message: M.quantityInvalid });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
);

const ingredientSchema = z
  .object({
    section: optionalText(80),
    quantity,
    unit: z.enum(recipeUnits, { error: M.unitInvalid }),
    name: text(M.ingredientName, 120),
    plural: optionalText(120),
    note: optionalText(120),
  })
  .superRefine((item, ctx) => {
    if (item.unit === "qb" && item.quantity !== undefined)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: M.quantityWithQb });
    if (item.unit !== "qb" && item.quantity === undefined)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: M.quantityMissing });
  });

/** One step per line; blank lines dropped, and numbering she may have pasted ("1.", "2)", "-"). */
export function stepLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(\d{1,2}\s*[.)]|[-•*])\s+/, "").trim())
    .filter(Boolean);
}

const steps = z.preprocess(
  blankToUndefined,
  multiLine(z.string({ error: M.stepsMissing }))
    .transform(stepLines)
    .superRefine((lines, ctx) => {
      if (lines.length === 0) ctx.addIssue({ code: "custom", message: M.stepsMissing });
      if (lines.length > MAX_STEPS) ctx.addIssue({ code: "custom", message: M.stepsTooMany });
      if (lines.some((line) => line.length > STEP_MAX_LENGTH)) ctx.addIssue({ code: "custom", message: M.stepTooLong });
    }),
);

const nutritionSchema = z
  .object({
    energyKcal: nutrient(5000, 0),
    energyKj: nutrient(21_000, 0),
    fat: nutrient(1000),
    saturates: nutrient(1000),
    carbohydrate: nutrient(1000),
    sugars: nutrient(1000),
    fibre: nutrient(1000),
    protein: nutrient(1000),
    salt: nutrient(100, 2),
  })
  .superRefine((n, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const anyGiven = n.energyKj !== undefined || NUTRIENTS.some((key) => n[key] !== undefined);
    if (n.energyKcal === undefined && anyGiven) issue("energyKcal", M.energyMissing);
    if (n.energyKcal !== undefined && n.energyKj !== undefined) {
      const expected = kilojoulesFor(n.energyKcal);
      if (Math.abs(n.energyKj - expected) > Math.max(5, expected * 0.05)) issue("energyKj", M.energyMismatch);
    }
    if (n.fat !== undefined && n.saturates !== undefined && n.saturates > n.fat) issue("saturates", M.saturatesOverFat);
    if (n.carbohydrate !== undefined && n.sugars !== undefined && n.sugars > n.carbohydrate)
      issue("sugars", M.sugarsOverCarbohydrate);
  });

export const recipeFormSchema = z.object({
  /** A slideshow photo: optional when the recipe has its own photo. */
  photoId: z.preprocess(blankToUndefined, z.uuid({ error: M.photoGone }).optional()),
  /** Her own photo, uploaded here; its description for those who cannot see it. */
  image: optionalImageSchema,
  imageAlt: optionalText(IMAGE_ALT_MAX_LENGTH),
  /** "Rimuovi la foto" ticked: her own photo goes (a new upload replaces it instead). */
  removeImage: z.literal("on").optional(),
  title: text(M.titleMissing, TITLE_MAX_LENGTH),
  /** Blank: made from the title. */
  slug: z.preprocess(
    blankToUndefined,
    z.string().trim().max(SLUG_MAX_LENGTH, tooLong(SLUG_MAX_LENGTH)).regex(SLUG_PATTERN, M.slugFormat).optional(),
  ),
  description: text(M.descriptionMissing, DESCRIPTION_MAX_LENGTH, "many"),
  category: z.enum(recipeCategories, { error: M.categoryMissing }),
  // One checked box arrives as a string, several as a list, none as nothing.
  tags: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(recipeTags)).max(recipeTags.length),
  ),
  cuisine: text(M.cuisineMissing, 60),
  servings: wholeNumber(M.servingsInvalid, 1, 50),
  prepMinutes: wholeNumber(M.prepInvalid, 0, 2880),
  cookMinutes: wholeNumber(M.cookInvalid, 0, 2880),
  portionGrams: z.preprocess(blankToUndefined, wholeNumber(M.portionInvalid, 1, 5000).optional()),
  ingredients: z
    .array(ingredientSchema, { error: M.ingredientsMissing })
    .min(1, M.ingredientsMissing)
    .max(MAX_INGREDIENTS),
  steps,
  note: optionalText(NOTE_MAX_LENGTH, "many"),
  nutrition: nutritionSchema,
  status: z.enum(recipeStatuses, { error: M.statusInvalid }),
});

export type RecipeFormValue = z.output<typeof recipeFormSchema>;

/** The recipe the form describes; a blank address comes from the title ("ricetta" if it has no usable letter). */
export function toRecipeData(value: RecipeFormValue): RecipeData {
  const n = value.nutrition;
  const orNull = <T>(v: T | undefined) => (v === undefined ? null : v);
  return {
    photoId: value.photoId ?? null,
    slug: value.slug ?? (slugify(value.title) || "ricetta"),
    title: value.title,
    description: value.description,
    category: value.category,
    tags: recipeTags.filter((tag) => value.tags.includes(tag)),
    cuisine: value.cuisine,
    servings: value.servings,
    prepMinutes: value.prepMinutes,
    cookMinutes: value.cookMinutes,
    portionGrams: orNull(value.portionGrams),
    ingredients: value.ingredients.map((item) => ({
      section: orNull(item.section),
      quantity: orNull(item.quantity),
      unit: item.unit,
      name: item.name,
      // Only where she gave one: most ingredients have none.
      ...(item.plural ? { plural: item.plural } : {}),
      note: orNull(item.note),
    })),
    steps: value.steps.map((line) => ({ text: line })),
    note: orNull(value.note),
    nutrition: {
      energyKcal: orNull(n.energyKcal),
      // Left blank: computed from the kcal, as the label needs both.
      energyKj: n.energyKj ?? (n.energyKcal === undefined ? null : kilojoulesFor(n.energyKcal)),
      fat: orNull(n.fat),
      saturates: orNull(n.saturates),
      carbohydrate: orNull(n.carbohydrate),
      sugars: orNull(n.sugars),
      fibre: orNull(n.fibre),
      protein: orNull(n.protein),
      salt: orNull(n.salt),
    },
    status: value.status,
  };
}

/** A number as the form shows it: a comma for decimals, at most three of them. */
const asText = (value: number | null) =>
  value === null ? "" : String(Math.round(value * 1000) / 1000).replace(".", ",");

/** An empty ingredient row (the editor's "Aggiungi ingrediente"). */
export const EMPTY_INGREDIENT = { section: "", quantity: "", unit: "g", name: "", plural: "", note: "" } as const;

/**
 * The form's initial values: a saved recipe's fields as text, or for a new recipe the photo's
 * title, four servings and one empty ingredient row, saved as a draft.
 */
export function toFormDefaults(
  recipe: (RecipeData & { own?: { alt: string } | null }) | null,
  photo?: { id: string; title: string | null },
) {
  if (!recipe) {
    return {
      photoId: photo?.id ?? "",
      imageAlt: "",
      title: photo?.title ?? "",
      slug: "",
      description: "",
      category: "",
      tags: [] as string[],
      cuisine: "Italiana",
      servings: "4",
      prepMinutes: "",
      cookMinutes: "0",
      portionGrams: "",
      ingredients: [{ ...EMPTY_INGREDIENT }],
      steps: "",
      note: "",
      nutrition: Object.fromEntries(["energyKcal", "energyKj", ...NUTRIENTS].map((key) => [key, ""])) as Record<
        keyof RecipeData["nutrition"],
        string
      >,
      status: "draft",
    };
  }
  return {
    photoId: recipe.photoId ?? "",
    imageAlt: recipe.own?.alt ?? "",
    title: recipe.title,
    slug: recipe.slug,
    description: recipe.description,
    category: recipe.category as string,
    tags: recipe.tags as string[],
    cuisine: recipe.cuisine,
    servings: String(recipe.servings),
    prepMinutes: String(recipe.prepMinutes),
    cookMinutes: String(recipe.cookMinutes),
    portionGrams: asText(recipe.portionGrams),
    ingredients: recipe.ingredients.map((item) => ({
      section: item.section ?? "",
      quantity: asText(item.quantity),
      unit: item.unit as string,
      name: item.name,
      plural: item.plural ?? "",
      note: item.note ?? "",
    })),
    steps: recipe.steps.map((step) => step.text).join("\n"),
    note: recipe.note ?? "",
    nutrition: Object.fromEntries(
      Object.entries(recipe.nutrition).map(([key, value]) => [key, asText(value)]),
    ) as Record<keyof RecipeData["nutrition"], string>,
    status: recipe.status as string,
  };
}

export type RecipeFormInitial = ReturnType<typeof toFormDefaults>;

/** The admin list's one action: deleting a recipe (the photo stays). */
export const recipeDeleteSchema = z.object({
  intent: z.literal("delete"),
  id: z.uuid({ error: M.notFound }),
});
