import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import { recipePhotos, type RecipePhoto } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import type { ChangeEvent, EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { RecipePhotoView } from "./recipe-photo-view";
import type { MoveDirection } from "./photo-forms";

interface NewRecipePhoto {
  title: string | null;
  imageUrl: string;
  image?: StoredImage | null;
  /** Defaults to after the last photo. */
  displayOrder?: number;
}

/** Rewrites display_order so the photos follow `orderedIds`; ids not listed keep their relative order after them. */
async function writeOrder(tx: Executor, orderedIds: string[]): Promise<void> {
  const current = await tx
    .select({ id: recipePhotos.id })
    .from(recipePhotos)
    .orderBy(asc(recipePhotos.displayOrder), desc(recipePhotos.createdAt));
  const known = new Set(current.map((r) => r.id));
  const listed = orderedIds.filter((id) => known.has(id));
  const rest = current.map((r) => r.id).filter((id) => !listed.includes(id));
  for (const [index, id] of [...listed, ...rest].entries()) {
    await tx.update(recipePhotos).set({ displayOrder: index }).where(eq(recipePhotos.id, id));
  }
}

/**
 * The recipe photos of the home slideshow, in the order the administrator set. Every change is
 * announced on `bus` once written (open pages refresh); a failed announcement is passed to
 * `onError`, never reported as a failed change: pages catch up on reconnect.
 */
export function createRecipePhotoRepository(db: Db, bus?: EventBus, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a recipe photo change failed");
  const announce = (action: ChangeEvent["action"], id: string) =>
    announceChange({ table: "recipe_photos", action, id });

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
      await announce("insert", row!.id);
      return row!;
    },

    async setTitle(id: string, title: string | null): Promise<RecipePhoto | undefined> {
      const [row] = await db.update(recipePhotos).set({ title }).where(eq(recipePhotos.id, id)).returning();
      if (row) await announce("update", id);
      return row;
    },

    /** Rewrites display_order so the photos follow `orderedIds`; ids not listed keep their relative order after them. */
    async reorder(orderedIds: string[]): Promise<void> {
      await db.transaction((tx) => writeOrder(tx, orderedIds));
      if (orderedIds[0]) await announce("update", orderedIds[0]);
    },

    /** Moves one photo a place up or down; its new 1-based position, or null if it no longer exists. */
    /** Moves a photo one place up or down, or to the top of the order ("top"); returns its new 1-based position. */
    async move(id: string, direction: MoveDirection): Promise<number | null> {
      const moved = await db.transaction(async (tx) => {
        const ids = (
          await tx
            .select({ id: recipePhotos.id })
            .from(recipePhotos)
            .orderBy(asc(recipePhotos.displayOrder), desc(recipePhotos.createdAt))
        ).map((r) => r.id);
        const from = ids.indexOf(id);
        if (from < 0) return null;
        const to =
          direction === "top" ? 0 : direction === "up" ? Math.max(0, from - 1) : Math.min(ids.length - 1, from + 1);
        if (to === from) return { position: to + 1, changed: false };
        ids.splice(from, 1);
        ids.splice(to, 0, id);
        await writeOrder(tx, ids);
        return { position: to + 1, changed: true };
      });
      if (moved?.changed) await announce("update", id);
      return moved?.position ?? null;
    },

    /** Returns the deleted row (so its stored files can be removed), or undefined. */
    async delete(id: string): Promise<RecipePhoto | undefined> {
      const [row] = await db.delete(recipePhotos).where(eq(recipePhotos.id, id)).returning();
      if (row) await announce("delete", id);
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
