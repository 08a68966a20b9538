import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/core/db/columns";

// ---- FAQ (decision record 0063) --------------------------------------------------
// Positions are unique per list, checked at the end of each statement (DEFERRABLE, hand-written in the
// migration), so moving one up swaps two positions in one UPDATE.

/** A group of questions she names ("Prima visita"), in her order. */
export const faqGroups = pgTable(
  "faq_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("faq_groups_name_unique").on(t.name),
    check("faq_groups_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("faq_groups_position_positive", sql`${t.position} > 0`),
  ],
);

/**
 * A question and its answer (a rich-text document, checked on save and on every read), in its group;
 * `show_on_home`: among the few on the home page; `example`: written for a first start, until she edits it.
 */
export const faqQuestions = pgTable(
  "faq_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A group with questions cannot be deleted: she moves or deletes them first.
    groupId: uuid("group_id")
      .notNull()
      .references(() => faqGroups.id, { onDelete: "restrict" }),
    question: text("question").notNull(),
    answer: jsonb("answer").notNull(),
    position: integer("position").notNull(),
    showOnHome: boolean("show_on_home").notNull().default(false),
    example: boolean("example").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("faq_questions_question_length", sql`char_length(${t.question}) between 1 and 200`),
    check("faq_questions_answer_document", sql`jsonb_typeof(${t.answer}) = 'object'`),
    check("faq_questions_position_positive", sql`${t.position} > 0`),
  ],
);
