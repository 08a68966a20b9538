import { and, asc, desc, eq, gt, lt, notInArray, sql } from "drizzle-orm";
import type { Db, Executor } from "~/core/db/database.server";
import type { StoredImage } from "~/core/db/schema";
import { studioPhotos } from "./schema";
import { isRowId } from "~/core/db/row-id.server";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { PublicImage } from "~/core/media/public-image";
import { MAX_STUDIO_PHOTOS } from "./site-content";

/** A studio's photo as a page shows it. */
export interface StudioPhotoView {
  id: string;
  alt: string;
  image: PublicImage;
}

export type StudioPhotoRow = typeof studioPhotos.$inferSelect;
export type PhotoDirection = "up" | "down";

/**
 * Removes the photos of every studio not in `keys`, in the transaction that publishes a version
 * without them (a studio removed); their images, for the caller to delete from storage once committed.
 * The table lock orders it with an add in progress, which reads the studios after it.
 */
export async function removePhotosOfGoneStudios(
  tx: Pick<Db, "delete" | "execute">,
  keys: readonly string[],
): Promise<StoredImage[]> {
  await tx.execute(sql`lock table ${studioPhotos} in share row exclusive mode`);
  const gone = await tx
    .delete(studioPhotos)
    .where(keys.length ? notInArray(studioPhotos.studioKey, [...keys]) : undefined)
    .returning({ image: studioPhotos.image });
  return gone.map((row) => row.image);
}

/**
 * Her studios' photos, by the studio's key: at most six a studio, in her order.
 * Each change is announced on the bus (table "studio_photos") once committed: the studio's page
 * leaves the page cache and open pages refresh.
 */
export function createStudioPhotoRepository(
  db: Db,
  // The content store's `current` (not imported: the store imports this module).
  siteContent: {
    current(executor: Pick<Executor, "select">): Promise<{ content: { studios: readonly { key: string }[] } }>;
  },
  bus: Pick<EventBus, "publish">,
  onError: OnChangeError = () => {},
) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a studio photo change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "studio_photos", action, id });

  return {
    /** One studio's photos, in order. */
    list(studioKey: string): Promise<StudioPhotoRow[]> {
      return db
        .select()
        .from(studioPhotos)
        .where(eq(studioPhotos.studioKey, studioKey))
        .orderBy(asc(studioPhotos.position));
    },

    /** Every studio's photos, by studio key, each list in order. */
    async byStudio(): Promise<Map<string, StudioPhotoRow[]>> {
      const rows = await db
        .select()
        .from(studioPhotos)
        .orderBy(asc(studioPhotos.studioKey), asc(studioPhotos.position));
      const map = new Map<string, StudioPhotoRow[]>();
      for (const row of rows) map.set(row.studioKey, [...(map.get(row.studioKey) ?? []), row]);
      return map;
    },

    /**
     * Adds a photo after the studio's others: "full" at six, "studioGone" when no published studio
     * has the key (removed meanwhile: the lock orders this with the save that removed it).
     */
    async add(input: {
      studioKey: string;
      image: StoredImage;
      alt: string;
    }): Promise<StudioPhotoRow | "full" | "studioGone"> {
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${studioPhotos} in share row exclusive mode`);
        const { content } = await siteContent.current(tx);
        if (!content.studios.some((studio) => studio.key === input.studioKey)) return "studioGone" as const;
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(studioPhotos)
          .where(eq(studioPhotos.studioKey, input.studioKey));
        if (count >= MAX_STUDIO_PHOTOS) return "full" as const;
        const [row] = await tx
          .insert(studioPhotos)
          .values({ studioKey: input.studioKey, image: input.image, alt: input.alt, position: count })
          .returning();
        return row!;
      });
      if (typeof outcome !== "string") await announce("insert", outcome.id);
      return outcome;
    },

    /** Changes a photo's alt text; false when it no longer exists. */
    async setAlt(id: string, alt: string): Promise<boolean> {
      if (!isRowId(id)) return false;
      const [row] = await db
        .update(studioPhotos)
        .set({ alt })
        .where(eq(studioPhotos.id, id))
        .returning({ id: studioPhotos.id });
      if (row) await announce("update", id);
      return Boolean(row);
    },

    /** Swaps a photo with its neighbour in `direction`, in one statement; "edge" when there is none. */
    async move(id: string, direction: PhotoDirection): Promise<"moved" | "edge" | "notFound"> {
      if (!isRowId(id)) return "notFound";
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${studioPhotos} in share row exclusive mode`);
        const [row] = await tx.select().from(studioPhotos).where(eq(studioPhotos.id, id));
        if (!row) return "notFound" as const;
        const [neighbour] = await tx
          .select({ id: studioPhotos.id, position: studioPhotos.position })
          .from(studioPhotos)
          .where(
            and(
              eq(studioPhotos.studioKey, row.studioKey),
              direction === "up" ? lt(studioPhotos.position, row.position) : gt(studioPhotos.position, row.position),
            ),
          )
          .orderBy(direction === "up" ? desc(studioPhotos.position) : asc(studioPhotos.position))
          .limit(1);
        if (!neighbour) return "edge" as const;
        await tx
          .update(studioPhotos)
          .set({
            position: sql`case when ${studioPhotos.id} = ${row.id} then ${neighbour.position}::smallint else ${row.position}::smallint end`,
          })
          .where(sql`${studioPhotos.id} in (${row.id}, ${neighbour.id})`);
        return "moved" as const;
      });
      if (outcome === "moved") await announce("update", id);
      return outcome;
    },

    /** Deletes a photo, the ones after it moving up a place; its row (to delete its files), or undefined. */
    async remove(id: string): Promise<StudioPhotoRow | undefined> {
      if (!isRowId(id)) return undefined;
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${studioPhotos} in share row exclusive mode`);
        const [deleted] = await tx.delete(studioPhotos).where(eq(studioPhotos.id, id)).returning();
        if (!deleted) return undefined;
        await tx
          .update(studioPhotos)
          .set({ position: sql`${studioPhotos.position} - 1` })
          .where(and(eq(studioPhotos.studioKey, deleted.studioKey), gt(studioPhotos.position, deleted.position)));
        return deleted;
      });
      if (row) await announce("delete", id);
      return row;
    },
  };
}

export type StudioPhotoRepository = ReturnType<typeof createStudioPhotoRepository>;

/** A photo as the pages show it: the renditions' URLs and her alt text. */
export const toStudioPhotoView = (media: MediaStorage, row: StudioPhotoRow): StudioPhotoView => ({
  id: row.id,
  alt: row.alt,
  image: toPublicImage(media, row.image),
});
