import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { postgresError, UNIQUE_VIOLATION } from "~/core/db/postgres-error";
import type { Db } from "~/core/db/database.server";
import { faqGroups, faqQuestions } from "./schema";
import { isRowId } from "~/core/db/row-id.server";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { EMPTY_DOCUMENT, type RichTextDocument } from "~/ui/rich-text/document";
import { richTextDocumentSchema } from "~/ui/rich-text/document-schema";
import { FAQ_EXAMPLES } from "./examples";

/** What she writes of a question. */
export interface FaqQuestionData {
  groupId: string;
  question: string;
  answer: RichTextDocument;
  showOnHome: boolean;
}

export interface FaqQuestion extends FaqQuestionData {
  id: string;
  position: number;
  /** Written for a first start (`seedExamples`), until she saves it. */
  example: boolean;
  updatedAt: Date;
}

export interface FaqGroup {
  id: string;
  name: string;
  position: number;
  questions: FaqQuestion[];
}

export type Direction = "up" | "down";

// A RESTRICT foreign key answers 23001, a NO ACTION one 23503.
const STILL_REFERENCED = ["23001", "23503"];

/**
 * The questions and their groups: every query and transaction of the FAQ's tables, each change
 * announced on the bus (table "faq") after it is committed. Positions are unique per list
 * (deferrable constraints, migration 0024): a move swaps two in one statement.
 */
export function createFaqRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing an FAQ change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) => announceChange({ table: "faq", action, id });

  const toQuestion = (row: typeof faqQuestions.$inferSelect): FaqQuestion => {
    const answer = richTextDocumentSchema.safeParse(row.answer);
    if (!answer.success) onError(answer.error, "a stored FAQ answer does not parse; shown empty");
    return {
      id: row.id,
      groupId: row.groupId,
      question: row.question,
      answer: answer.success ? answer.data : EMPTY_DOCUMENT,
      showOnHome: row.showOnHome,
      position: row.position,
      example: row.example,
      updatedAt: row.updatedAt,
    };
  };

  /** Swaps `id`'s position with its neighbour's in `direction`, in one statement; false when there is none. */
  async function swap(
    tx: Pick<Db, "select" | "update">,
    table: typeof faqGroups | typeof faqQuestions,
    row: { id: string; position: number },
    direction: Direction,
    within?: ReturnType<typeof eq>,
  ): Promise<boolean> {
    const [neighbour] = await tx
      .select({ id: table.id, position: table.position })
      .from(table)
      .where(and(within, direction === "up" ? lt(table.position, row.position) : gt(table.position, row.position)))
      .orderBy(direction === "up" ? desc(table.position) : asc(table.position))
      .limit(1);
    if (!neighbour) return false;
    await tx
      .update(table)
      .set({
        position: sql`case when ${table.id} = ${row.id} then ${neighbour.position}::int else ${row.position}::int end`,
      })
      .where(sql`${table.id} in (${row.id}, ${neighbour.id})`);
    return true;
  }

  return {
    /**
     * A first start's example questions (the composition calls it when it stores the site content's
     * first version), each marked as an example; nothing when there is any group already. True when written.
     */
    async seedExamples(): Promise<boolean> {
      const firstGroup = await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${faqGroups} in share row exclusive mode`);
        const [any] = await tx.select({ id: faqGroups.id }).from(faqGroups).limit(1);
        if (any) return undefined;
        const ids: string[] = [];
        for (const [g, example] of FAQ_EXAMPLES.entries()) {
          const [group] = await tx
            .insert(faqGroups)
            .values({ name: example.group, position: g + 1 })
            .returning({ id: faqGroups.id });
          ids.push(group!.id);
          await tx.insert(faqQuestions).values(
            example.questions.map((q, i) => ({
              groupId: group!.id,
              question: q.question,
              answer: q.answer as unknown,
              position: i + 1,
              example: true,
            })),
          );
        }
        return ids[0];
      });
      if (!firstGroup) return false;
      await announce("insert", firstGroup);
      return true;
    },

    /** Every group in her order, each with its questions in order (the page and her list). */
    async listGroups(): Promise<FaqGroup[]> {
      const [groups, questions] = await Promise.all([
        db.select().from(faqGroups).orderBy(asc(faqGroups.position)),
        db.select().from(faqQuestions).orderBy(asc(faqQuestions.position)),
      ]);
      return groups.map((group) => ({
        id: group.id,
        name: group.name,
        position: group.position,
        questions: questions.filter((q) => q.groupId === group.id).map(toQuestion),
      }));
    },

    /** The questions she shows on the home page, in the page's order, at most `limit`. */
    async homeQuestions(limit: number): Promise<Pick<FaqQuestion, "id" | "question">[]> {
      return db
        .select({ id: faqQuestions.id, question: faqQuestions.question })
        .from(faqQuestions)
        .innerJoin(faqGroups, eq(faqGroups.id, faqQuestions.groupId))
        .where(eq(faqQuestions.showOnHome, true))
        .orderBy(asc(faqGroups.position), asc(faqQuestions.position))
        .limit(limit);
    },

    /** The first start's example questions she has not saved yet, in the page's order (decision 73). */
    async exampleQuestions(): Promise<Pick<FaqQuestion, "id" | "question">[]> {
      return db
        .select({ id: faqQuestions.id, question: faqQuestions.question })
        .from(faqQuestions)
        .innerJoin(faqGroups, eq(faqGroups.id, faqQuestions.groupId))
        .where(eq(faqQuestions.example, true))
        .orderBy(asc(faqGroups.position), asc(faqQuestions.position));
    },

    /** When a question last changed, for the sitemap; null when there is none. */
    async lastChange(): Promise<Date | null> {
      const [row] = await db.select({ at: sql<Date | null>`max(${faqQuestions.updatedAt})` }).from(faqQuestions);
      return row?.at ? new Date(row.at) : null;
    },

    async getQuestion(id: string): Promise<FaqQuestion | undefined> {
      if (!isRowId(id)) return undefined;
      const [row] = await db.select().from(faqQuestions).where(eq(faqQuestions.id, id));
      return row ? toQuestion(row) : undefined;
    },

    /** A new group, last; "nameTaken" when another has the name. */
    async addGroup(name: string): Promise<{ id: string } | "nameTaken"> {
      try {
        const id = await db.transaction(async (tx) => {
          // One new position at a time: two groups added at once would take the same one.
          await tx.execute(sql`lock table ${faqGroups} in share row exclusive mode`);
          const [row] = await tx
            .insert(faqGroups)
            .values({ name, position: sql`(select coalesce(max(${faqGroups.position}), 0) + 1 from ${faqGroups})` })
            .returning({ id: faqGroups.id });
          return row!.id;
        });
        await announce("insert", id);
        return { id };
      } catch (error) {
        if (postgresError(error)?.code === UNIQUE_VIOLATION) return "nameTaken";
        throw error;
      }
    },

    async renameGroup(id: string, name: string): Promise<"renamed" | "notFound" | "nameTaken"> {
      if (!isRowId(id)) return "notFound";
      try {
        const [row] = await db
          .update(faqGroups)
          .set({ name })
          .where(eq(faqGroups.id, id))
          .returning({ id: faqGroups.id });
        if (!row) return "notFound";
      } catch (error) {
        if (postgresError(error)?.code === UNIQUE_VIOLATION) return "nameTaken";
        throw error;
      }
      await announce("update", id);
      return "renamed";
    },

    /** Deletes an empty group; "notEmpty" while it holds questions (the foreign key refuses). */
    async deleteGroup(id: string): Promise<"deleted" | "notFound" | "notEmpty"> {
      if (!isRowId(id)) return "notFound";
      try {
        const [row] = await db.delete(faqGroups).where(eq(faqGroups.id, id)).returning({ id: faqGroups.id });
        if (!row) return "notFound";
      } catch (error) {
        if (STILL_REFERENCED.includes(postgresError(error)?.code ?? "")) return "notEmpty";
        throw error;
      }
      await announce("delete", id);
      return "deleted";
    },

    /** Moves a group one place; "notFound" when it is gone, "edge" when it is already first or last. */
    async moveGroup(id: string, direction: Direction): Promise<"moved" | "notFound" | "edge"> {
      if (!isRowId(id)) return "notFound";
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${faqGroups} in share row exclusive mode`);
        const [row] = await tx
          .select({ id: faqGroups.id, position: faqGroups.position })
          .from(faqGroups)
          .where(eq(faqGroups.id, id));
        if (!row) return "notFound" as const;
        return (await swap(tx, faqGroups, row, direction)) ? ("moved" as const) : ("edge" as const);
      });
      if (outcome === "moved") await announce("update", id);
      return outcome;
    },

    /**
     * Writes a question (a new one when `id` is undefined), last in its group when it is new or changes
     * group; no longer an example. Undefined when the question is gone, "groupGone" when its group is.
     */
    async saveQuestion(id: string | undefined, data: FaqQuestionData): Promise<FaqQuestion | "groupGone" | undefined> {
      if (id !== undefined && !isRowId(id)) return undefined;
      if (!isRowId(data.groupId)) return "groupGone";
      const saved = await db.transaction(async (tx) => {
        // The group's row locked: a question added or moved into it at the same time waits for this one's position.
        const [group] = await tx
          .select({ id: faqGroups.id })
          .from(faqGroups)
          .where(eq(faqGroups.id, data.groupId))
          .for("update");
        if (!group) return "groupGone" as const;
        const last = sql`(select coalesce(max(${faqQuestions.position}), 0) + 1 from ${faqQuestions} where ${faqQuestions.groupId} = ${data.groupId})`;
        const values = { ...data, answer: data.answer as unknown, example: false };
        if (id === undefined) {
          const [row] = await tx
            .insert(faqQuestions)
            .values({ ...values, position: last })
            .returning();
          return row;
        }
        const [row] = await tx
          .update(faqQuestions)
          .set({
            ...values,
            position: sql`case when ${faqQuestions.groupId} = ${data.groupId} then ${faqQuestions.position} else ${last} end`,
            updatedAt: sql`now()`,
          })
          .where(eq(faqQuestions.id, id))
          .returning();
        return row;
      });
      if (saved === "groupGone" || saved === undefined) return saved;
      await announce(id ? "update" : "insert", saved.id);
      return toQuestion(saved);
    },

    async deleteQuestion(id: string): Promise<boolean> {
      if (!isRowId(id)) return false;
      const [row] = await db.delete(faqQuestions).where(eq(faqQuestions.id, id)).returning({ id: faqQuestions.id });
      if (row) await announce("delete", id);
      return Boolean(row);
    },

    /** Moves a question one place within its group; "edge" when it is already first or last there. */
    async moveQuestion(id: string, direction: Direction): Promise<"moved" | "notFound" | "edge"> {
      if (!isRowId(id)) return "notFound";
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: faqQuestions.id, position: faqQuestions.position, groupId: faqQuestions.groupId })
          .from(faqQuestions)
          .where(eq(faqQuestions.id, id));
        if (!row) return "notFound" as const;
        // Its group locked, as for a save: positions in it change one move at a time.
        const [group] = await tx
          .select({ id: faqGroups.id })
          .from(faqGroups)
          .where(eq(faqGroups.id, row.groupId))
          .for("update");
        if (!group) return "notFound" as const;
        const [current] = await tx
          .select({ id: faqQuestions.id, position: faqQuestions.position })
          .from(faqQuestions)
          .where(and(eq(faqQuestions.id, id), eq(faqQuestions.groupId, row.groupId)));
        if (!current) return "notFound" as const;
        const moved = await swap(tx, faqQuestions, current, direction, eq(faqQuestions.groupId, row.groupId));
        return moved ? ("moved" as const) : ("edge" as const);
      });
      if (outcome === "moved") await announce("update", id);
      return outcome;
    },
  };
}

export type FaqRepository = ReturnType<typeof createFaqRepository>;
