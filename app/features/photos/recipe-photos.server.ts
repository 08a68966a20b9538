import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { recipePhotos, type RecipePhoto, type StoredImage } from "~/core/db/schema";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { RecipePhotoView } from "./recipe-photo-view";

interface NewRecipePhoto {
  title: string | null;
  imageUrl: string;
  image?: StoredImage | null;
  /** Defaults to after the last photo. */
  displayOrder?: number;
}

/** The recipe photos of the home slideshow, in the order the administrator set. */
export function createRecipePhotoRepository(db: Db) {
  return {
    /** Spec order: display_order ascending, then newest first. */
    list(): Promise<RecipePhoto[]> {
      return db.select().from(recipePhotos).orderBy(asc(recipePhotos.displayOrder), desc(recipePhotos.createdAt));
    },

    async get(id: string): Promise<RecipePhoto | undefined> {
      const [row] = await db.select().from(recipePhotos).where(eq(recipePhotos.id, id));
      return row;
    },

    async add(photo: NewRecipePhoto): Promise<RecipePhoto> {
      const displayOrder =
        photo.displayOrder ??
        sql<number>`(select coalesce(max(${recipePhotos.displayOrder}) + 1, 0) from ${recipePhotos})`;
      const [row] = await db
        .insert(recipePhotos)
        .values({ title: photo.title, imageUrl: photo.imageUrl, image: photo.image ?? null, displayOrder })
        .returning();
      return row!;
    },

    async setTitle(id: string, title: string | null): Promise<RecipePhoto | undefined> {
      const [row] = await db.update(recipePhotos).set({ title }).where(eq(recipePhotos.id, id)).returning();
      return row;
    },

    /** Rewrites display_order so the photos follow `orderedIds`; ids not listed keep their relative order after them. */
    async reorder(orderedIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await tx
          .select({ id: recipePhotos.id })
          .from(recipePhotos)
          .orderBy(asc(recipePhotos.displayOrder), desc(recipePhotos.createdAt));
        const known = new Set(current.map((r) => r.id));
        const listed = orderedIds.filter((id) => known.has(id));
        const rest = current.map((r) => r.id).filter((id) => !listed.includes(id));
        const order = [...listed, ...rest];
        for (const [index, id] of order.entries()) {
          await tx.update(recipePhotos).set({ displayOrder: index }).where(eq(recipePhotos.id, id));
        }
      });
    },

    /** Returns the deleted row (so its stored files can be removed), or undefined. */
    async delete(id: string): Promise<RecipePhoto | undefined> {
      const [row] = await db.delete(recipePhotos).where(eq(recipePhotos.id, id)).returning();
      return row;
    },
  };
}

export type RecipePhotoRepository = ReturnType<typeof createRecipePhotoRepository>;

/** `recipeSlug`: the photo's published recipe, which the slideshow links to (the route knows it). */
export function toRecipePhotoView(media: MediaStorage, photo: RecipePhoto, recipeSlug?: string): RecipePhotoView {
  return {
    recipeSlug: recipeSlug ?? null,
    id: photo.id,
    title: photo.title,
    displayOrder: photo.displayOrder,
    createdAt: photo.createdAt.toISOString(),
    // Rows always carry their renditions; image_url alone is the older column, kept for compatibility.
    image: photo.image
      ? toPublicImage(media, photo.image)
      : { src: photo.imageUrl, srcSet: "", width: 1280, height: 960 },
  };
}
