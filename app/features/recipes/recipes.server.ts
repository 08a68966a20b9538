import { and, arrayContains, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/core/db/database.server";
import { postgresError, UNIQUE_VIOLATION } from "~/core/db/postgres-error";
import { photoTable } from "./photo-table";
import { recipes, type RecipeCrops } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import { isRowId } from "~/core/db/row-id.server";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/core/format/slug";
import { refused, type Result, succeeded } from "~/core/result";
import {
  type Ingredient,
  type RecipeCategory,
  type RecipeData,
  type RecipeStep,
  type RecipeTag,
  recipeUnits,
} from "./recipe";

/** The photo a recipe is attached to, read with it (the recipes table refers to it by id). */
export interface AttachedPhoto {
  id: string;
  title: string | null;
  imageUrl: string;
  image: StoredImage | null;
}

/** Her own photo of the recipe, uploaded in the editor, with its alt text (null: none). */
export interface OwnImage {
  image: StoredImage;
  alt: string;
}

/** A recipe as stored, with its lists parsed and its photo joined. */
export interface RecipeRecord extends RecipeData {
  id: string;
  crops: RecipeCrops | null;
  own: OwnImage | null;
  photo: AttachedPhoto | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RecipeListFilter {
  category?: RecipeCategory | null;
  tag?: RecipeTag | null;
}

/** Why a write was refused: another recipe already has this address, or this photo. */
export type RecipeConflict = "slug" | "photo";

export type RecipeWriteResult = Result<RecipeRecord, RecipeConflict>;

// The lists are jsonb: parsed on every read, never trusted as stored (a restored archive may hold anything).
const storedIngredients = z.array(
  z.object({
    section: z.string().nullable(),
    quantity: z.number().nonnegative().nullable(),
    unit: z.enum(recipeUnits),
    name: z.string(),
    // Recipes saved before it was asked have none.
    plural: z.string().nullable().optional(),
    note: z.string().nullable(),
  }),
);
const storedSteps = z.array(z.object({ text: z.string() }));

function parseList<T>(schema: z.ZodType<T>, value: unknown, onError: (error: unknown, message: string) => void): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  onError(parsed.error, "a stored recipe list does not parse; shown empty");
  return [] as T;
}

const columns = {
  recipe: recipes,
  photo: {
    id: photoTable.id,
    title: photoTable.title,
    imageUrl: photoTable.imageUrl,
    image: photoTable.image,
  },
};

type Joined = { recipe: typeof recipes.$inferSelect; photo: AttachedPhoto | null };

const ownValues = (own: OwnImage | null) => ({ image: own?.image ?? null, imageAlt: own?.alt ?? null });

function toValues(data: RecipeData) {
  const { nutrition, ingredients, steps, ...rest } = data;
  return {
    ...rest,
    ...nutrition,
    ingredients: ingredients satisfies Ingredient[],
    steps: steps satisfies RecipeStep[],
    // The first publication is kept: unpublishing and publishing again does not make a recipe new.
    publishedAt: sql`case when ${data.status} = 'published' then coalesce(${recipes.publishedAt}, now()) else ${recipes.publishedAt} end`,
  };
}

/**
 * The recipes: every query and transaction of the recipes table, each change announced on the bus
 * (after it is committed; a failed announcement is logged, pages catch up on reconnect).
 */
export function createRecipeRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const toRecord = ({ recipe, photo }: Joined): RecipeRecord => ({
    id: recipe.id,
    photoId: recipe.photoId,
    slug: recipe.slug,
    title: recipe.title,
    description: recipe.description,
    category: recipe.category,
    tags: recipe.tags,
    cuisine: recipe.cuisine,
    servings: recipe.servings,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    portionGrams: recipe.portionGrams,
    ingredients: parseList(storedIngredients, recipe.ingredients, onError),
    steps: parseList(storedSteps, recipe.steps, onError),
    note: recipe.note,
    nutrition: {
      energyKcal: recipe.energyKcal,
      energyKj: recipe.energyKj,
      fat: recipe.fat,
      saturates: recipe.saturates,
      carbohydrate: recipe.carbohydrate,
      sugars: recipe.sugars,
      fibre: recipe.fibre,
      protein: recipe.protein,
      salt: recipe.salt,
    },
    status: recipe.status,
    crops: recipe.crops,
    own: recipe.image && recipe.imageAlt !== null ? { image: recipe.image, alt: recipe.imageAlt } : null,
    photo: photo?.id ? photo : null,
    publishedAt: recipe.publishedAt,
    createdAt: recipe.createdAt,
    updatedAt: recipe.updatedAt,
  });

  const select = () => db.select(columns).from(recipes).leftJoin(photoTable, eq(recipes.photoId, photoTable.id));

  async function findOne(where: SQL): Promise<RecipeRecord | undefined> {
    const [row] = await select().where(where);
    return row ? toRecord(row) : undefined;
  }

  const announceChange = changeAnnouncer(bus, onError, "announcing a recipe change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "recipes", action, id });

  /** Runs an insert or update, turning a unique violation into the conflict it means. */
  async function write(run: () => Promise<{ id: string } | undefined>): Promise<RecipeWriteResult | undefined> {
    let written: { id: string } | undefined;
    try {
      written = await run();
    } catch (error) {
      const violation = postgresError(error);
      if (violation?.code !== UNIQUE_VIOLATION) throw error;
      return refused(violation.constraint === "recipes_photo_unique" ? "photo" : "slug");
    }
    if (!written) return undefined;
    return succeeded((await findOne(eq(recipes.id, written.id)))!);
  }

  return {
    /** A recipe by its id; none for an address that holds no id (the database would refuse it as a uuid). */
    async get(id: string): Promise<RecipeRecord | undefined> {
      if (!isRowId(id)) return undefined;
      return findOne(eq(recipes.id, id));
    },

    /** A published recipe by its address; none for one no slug can be (a NUL the database refuses, a 10 KB one). */
    async findPublished(slug: string): Promise<RecipeRecord | undefined> {
      if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return undefined;
      return findOne(and(eq(recipes.slug, slug), eq(recipes.status, "published"))!);
    },

    /** Whether another recipe than `exceptId` has this address. */
    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: recipes.id })
        .from(recipes)
        .where(and(eq(recipes.slug, slug), exceptId ? ne(recipes.id, exceptId) : undefined));
      return Boolean(row);
    },

    /** Every recipe, drafts too, newest change first (the admin's list). */
    async listAll(): Promise<RecipeRecord[]> {
      return (await select().orderBy(desc(recipes.updatedAt))).map(toRecord);
    },

    /** One page of published recipes, newest publication first, and how many match in all. */
    async listPublished(
      filter: RecipeListFilter,
      page: { limit: number; offset: number },
    ): Promise<{ recipes: RecipeRecord[]; total: number }> {
      const where = and(
        eq(recipes.status, "published"),
        filter.category ? eq(recipes.category, filter.category) : undefined,
        filter.tag ? arrayContains(recipes.tags, [filter.tag]) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        select().where(where).orderBy(desc(recipes.publishedAt), asc(recipes.id)).limit(page.limit).offset(page.offset),
        db.select({ total: count() }).from(recipes).where(where),
      ]);
      return { recipes: rows.map(toRecord), total: totals?.total ?? 0 };
    },

    /**
     * Published recipes that share a word with `text` (Italian stems, stop words left out): matched
     * on the title first, then the category and tags, then the description; ties go to the newest.
     * The articles' pages ask it with an article's title, excerpt and categories.
     */
    async listRelated(text: string, limit: number): Promise<RecipeRecord[]> {
      // Any of the text's words, not all of them: plainto_tsquery joins them with "and".
      const words = sql`replace(plainto_tsquery('italian', ${text})::text, '&', '|')::tsquery`;
      const document = sql`setweight(to_tsvector('italian', ${recipes.title}), 'A')
        || setweight(to_tsvector('italian', ${recipes.category} || ' ' || array_to_string(${recipes.tags}, ' ')), 'B')
        || setweight(to_tsvector('italian', ${recipes.description}), 'C')`;
      const rows = await select()
        .where(and(eq(recipes.status, "published"), sql`${document} @@ ${words}`))
        .orderBy(desc(sql`ts_rank(${document}, ${words})`), desc(recipes.publishedAt), asc(recipes.id))
        .limit(limit);
      return rows.map(toRecord);
    },

    /** The address of each photo's published recipe (the slideshow links to it). */
    async publishedSlugsByPhoto(): Promise<Map<string, string>> {
      const rows = await db
        .select({ photoId: recipes.photoId, slug: recipes.slug })
        .from(recipes)
        .where(and(eq(recipes.status, "published"), sql`${recipes.photoId} is not null`));
      return new Map(rows.map((row) => [row.photoId!, row.slug]));
    },

    /** Every published recipe's address and last change, for the sitemap. */
    listPublishedPaths(): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: recipes.slug, updatedAt: recipes.updatedAt })
        .from(recipes)
        .where(eq(recipes.status, "published"))
        .orderBy(desc(recipes.publishedAt));
    },

    async create(data: RecipeData, crops: RecipeCrops | null, own: OwnImage | null = null): Promise<RecipeWriteResult> {
      const result = await write(async () => {
        const [row] = await db
          .insert(recipes)
          .values({
            ...toValues(data),
            crops,
            ...ownValues(own),
            publishedAt: data.status === "published" ? sql`now()` : null,
          })
          .returning({ id: recipes.id });
        return row;
      });
      if (result?.ok) await announce("insert", result.value.id);
      return result!;
    },

    /** Undefined when the recipe no longer exists. Her own photo is left as it is unless `own` is given. */
    async update(
      id: string,
      data: RecipeData,
      crops: RecipeCrops | null,
      own?: OwnImage | null,
    ): Promise<RecipeWriteResult | undefined> {
      const result = await write(async () => {
        const [row] = await db
          .update(recipes)
          .set({ ...toValues(data), crops, ...(own === undefined ? {} : ownValues(own)), updatedAt: sql`now()` })
          .where(eq(recipes.id, id))
          .returning({ id: recipes.id });
        return row;
      });
      if (result?.ok) await announce("update", id);
      return result;
    },

    /** Returns the deleted recipe (so its crops can be removed), or undefined. */
    async delete(
      id: string,
    ): Promise<{ id: string; crops: RecipeCrops | null; image: StoredImage | null } | undefined> {
      const [row] = await db
        .delete(recipes)
        .where(eq(recipes.id, id))
        .returning({ id: recipes.id, crops: recipes.crops, image: recipes.image });
      if (row) await announce("delete", id);
      return row;
    },
  };
}

export type RecipeRepository = ReturnType<typeof createRecipeRepository>;
