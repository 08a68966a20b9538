import { and, arrayContains, asc, eq, sql } from "drizzle-orm";
import type { ConfirmationMode } from "./booking-values";
import type { Db } from "~/core/db/database.server";
import { type VisitType, visitTypes } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import type { Executor } from "~/core/db/database.server";

/** What she edits of a visit type. */
export interface VisitTypeData {
  name: string;
  durationMinutes: number;
  priceCents: number | null;
  showPrice: boolean;
  confirmation: ConfirmationMode;
  studioKeys: string[];
  online: boolean;
  active: boolean;
}

/** Whether drizzle's error wraps the refusal of the appointments' foreign key (ON DELETE RESTRICT: 23001). */
function isInUse(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    if (code) return code === "23001" || code === "23503";
  }
  return false;
}

/**
 * The visit types: every query of the visit_types table, each change announced on the bus under
 * "booking" (the free times depend on them).
 */
export function createVisitTypeRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing a visit type change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "booking", action, id });
  const inOrder = [asc(visitTypes.displayOrder), asc(visitTypes.createdAt)];

  return {
    /** Every type, inactive ones too, in her order (the settings screen). */
    listAll(executor: Pick<Executor, "select"> = db): Promise<VisitType[]> {
      return executor
        .select()
        .from(visitTypes)
        .orderBy(...inOrder);
    },

    /** The active types a patient can book at a place (a studio's key, or null for online), in her order. */
    listOffered(studioKey: string | null): Promise<VisitType[]> {
      return db
        .select()
        .from(visitTypes)
        .where(
          and(
            eq(visitTypes.active, true),
            studioKey === null ? eq(visitTypes.online, true) : arrayContains(visitTypes.studioKeys, [studioKey]),
          ),
        )
        .orderBy(...inOrder);
    },

    async get(id: string): Promise<VisitType | undefined> {
      const [row] = await db.select().from(visitTypes).where(eq(visitTypes.id, id));
      return row;
    },

    /** A new type, after the others. */
    async create(data: VisitTypeData): Promise<VisitType> {
      const [row] = await db
        .insert(visitTypes)
        .values({
          ...data,
          displayOrder: sql`(select coalesce(max(${visitTypes.displayOrder}), -1) + 1 from ${visitTypes})`,
        })
        .returning();
      await announce("insert", row!.id);
      return row!;
    },

    /** Undefined when the type no longer exists. */
    async update(id: string, data: VisitTypeData): Promise<VisitType | undefined> {
      const [row] = await db
        .update(visitTypes)
        .set({ ...data, updatedAt: sql`now()` })
        .where(eq(visitTypes.id, id))
        .returning();
      if (row) await announce("update", id);
      return row;
    },

    /** The types in the order given (ids not listed keep their place after them). */
    async reorder(ids: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries())
          await tx.update(visitTypes).set({ displayOrder: index }).where(eq(visitTypes.id, id));
      });
      await announce("update", "");
    },

    /**
     * Moves a type one place up or down in her order (the /prenota lists follow it): "moved",
     * "edge" (already first or last) or "missing". The rows are locked and renumbered 0…n in one
     * transaction, so two moves at once never leave two types on one place.
     */
    async move(id: string, direction: "up" | "down"): Promise<"moved" | "edge" | "missing"> {
      const outcome = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: visitTypes.id })
          .from(visitTypes)
          .orderBy(...inOrder)
          .for("update");
        const from = rows.findIndex((row) => row.id === id);
        if (from < 0) return "missing" as const;
        const to = direction === "up" ? from - 1 : from + 1;
        if (to < 0 || to >= rows.length) return "edge" as const;
        const order = rows.map((row) => row.id);
        [order[from], order[to]] = [order[to]!, order[from]!];
        for (const [index, rowId] of order.entries())
          await tx.update(visitTypes).set({ displayOrder: index }).where(eq(visitTypes.id, rowId));
        return "moved" as const;
      });
      if (outcome === "moved") await announce("update", id);
      return outcome;
    },

    /**
     * Deletes a type no appointment uses: "deleted", "missing", or "in_use" (then she can deactivate
     * it: the appointments keep their type).
     */
    async delete(id: string): Promise<"deleted" | "missing" | "in_use"> {
      try {
        const deleted = await db.delete(visitTypes).where(eq(visitTypes.id, id)).returning({ id: visitTypes.id });
        if (!deleted.length) return "missing";
      } catch (error) {
        if (isInUse(error)) return "in_use";
        throw error;
      }
      await announce("delete", id);
      return "deleted";
    },
  };
}

export type VisitTypeRepository = ReturnType<typeof createVisitTypeRepository>;
