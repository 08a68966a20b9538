import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { faqGroups, faqQuestions } from "./schema";
import { createMemoryEventBus, type ChangeEvent } from "~/core/events/event-bus.server";
import { documentText } from "~/ui/rich-text/document";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { sampleFaqQuestion } from "../../../tests/support/factory";
import { createFaqRepository, type FaqRepository } from "./faq.server";

describe("FAQ repository on PostgreSQL", () => {
  let database: Database;
  let repo: FaqRepository;
  const events: ChangeEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    repo = createFaqRepository(database.db, bus);
  });
  afterAll(() => database.close());

  it("a first start has the example questions, in two groups, each marked as an example, written once", async () => {
    expect(await repo.listGroups()).toEqual([]);
    expect(await repo.seedExamples()).toBe(true);
    expect(await repo.seedExamples()).toBe(false);
    const groups = await repo.listGroups();
    expect(groups.map((g) => g.name)).toEqual(["Prima visita", "Visite online"]);
    expect(groups.map((g) => g.questions.map((q) => q.question))).toEqual([
      ["Quanto dura la prima visita?", "Serve l'impegnativa del medico?", "Come mi preparo alla prima visita?"],
      ["Le visite online funzionano come quelle in studio?"],
    ]);
    const all = groups.flatMap((g) => g.questions);
    expect(all.every((q) => q.example && !q.showOnHome)).toBe(true);
    // The answers are documents the rich-text schema accepts (an unparsable one would read empty).
    expect(all.every((q) => documentText(q.answer).length > 20)).toBe(true);

    // Saved by her, a question is hers: no longer an example.
    const first = all[0]!;
    const saved = await repo.saveQuestion(first.id, { ...first, question: "Quanto dura la prima visita in studio?" });
    expect(saved).toMatchObject({ example: false, position: first.position });
  });

  describe("from an empty FAQ", () => {
    beforeEach(async () => {
      await database.db.delete(faqQuestions);
      await database.db.delete(faqGroups);
      events.length = 0;
    });

    const group = async (name: string) => {
      const added = await repo.addGroup(name);
      if (added === "nameTaken") throw new Error("name taken");
      return added.id;
    };
    const question = async (groupId: string, text: string, showOnHome = false) => {
      const saved = await repo.saveQuestion(undefined, sampleFaqQuestion(groupId, { question: text, showOnHome }));
      if (!saved || saved === "groupGone") throw new Error("not saved");
      return saved;
    };
    const names = async () => (await repo.listGroups()).map((g) => [g.name, ...g.questions.map((q) => q.question)]);

    it("keeps her order of groups and questions through moves, and a move at an edge changes nothing", async () => {
      const first = await group("Prima visita");
      const costs = await group("Costi");
      const a = await question(first, "A?");
      const b = await question(first, "B?");
      const c = await question(first, "C?");
      await question(costs, "Quanto costa?");
      expect(await names()).toEqual([
        ["Prima visita", "A?", "B?", "C?"],
        ["Costi", "Quanto costa?"],
      ]);

      expect(await repo.moveQuestion(c.id, "up")).toBe("moved");
      expect(await repo.moveQuestion(a.id, "down")).toBe("moved");
      expect(await repo.moveQuestion(b.id, "down")).toBe("edge");
      expect(await repo.moveGroup(costs, "up")).toBe("moved");
      expect(await repo.moveGroup(costs, "up")).toBe("edge");
      expect(await names()).toEqual([
        ["Costi", "Quanto costa?"],
        ["Prima visita", "C?", "A?", "B?"],
      ]);
      expect(await repo.moveQuestion("00000000-0000-4000-8000-000000000000", "up")).toBe("notFound");
      expect(events.filter((e) => e.action === "update")).toHaveLength(3);
      expect(events.every((e) => e.table === "faq")).toBe(true);
    });

    it("a question moved to another group goes last there; the home page shows the chosen ones in the page's order", async () => {
      const first = await group("Prima visita");
      const online = await group("Online");
      const a = await question(first, "A?", true);
      await question(online, "B?", true);
      await question(online, "C?");
      const moved = await repo.saveQuestion(a.id, { ...a, groupId: online });
      expect(moved).toMatchObject({ position: 3 });
      expect(await names()).toEqual([["Prima visita"], ["Online", "B?", "C?", "A?"]]);
      expect((await repo.homeQuestions(5)).map((q) => q.question)).toEqual(["B?", "A?"]);
      expect(await repo.homeQuestions(1)).toHaveLength(1);
    });

    it("refuses a second group of the same name, deleting a group with questions, and a question in no group", async () => {
      const first = await group("Prima visita");
      expect(await repo.addGroup("Prima visita")).toBe("nameTaken");
      const other = await group("Altro");
      expect(await repo.renameGroup(other, "Prima visita")).toBe("nameTaken");
      const q = await question(first, "A?");
      expect(await repo.deleteGroup(first)).toBe("notEmpty");
      expect(await repo.deleteQuestion(q.id)).toBe(true);
      expect(await repo.deleteGroup(first)).toBe("deleted");
      expect(await repo.saveQuestion(undefined, sampleFaqQuestion(first))).toBe("groupGone");
      expect(await names()).toEqual([["Altro"]]);
    });

    it("the database refuses two questions at one place, an empty question and an answer that is no document", async () => {
      const first = await group("Prima visita");
      const a = await question(first, "A?");
      const insert = (values: Record<string, unknown>) =>
        database.db.execute(
          sql`insert into faq_questions (group_id, question, answer, position) values (${first}, ${values.question ?? "B?"}, ${values.answer ?? '{"type":"doc","content":[]}'}::jsonb, ${values.position ?? 2})`,
        );
      await expect(insert({ position: a.position })).rejects.toMatchObject({
        cause: { constraint: "faq_questions_group_position_unique" },
      });
      await expect(insert({ question: "" })).rejects.toMatchObject({
        cause: { constraint: "faq_questions_question_length" },
      });
      await expect(insert({ answer: '"testo"' })).rejects.toMatchObject({
        cause: { constraint: "faq_questions_answer_document" },
      });
      await expect(
        database.db.execute(sql`insert into faq_groups (name, position) values ('Bis', 1)`),
      ).rejects.toMatchObject({ cause: { constraint: "faq_groups_position_unique" } });
    });

    it("groups and questions added at once each get a place of their own", async () => {
      const added = await Promise.all(["Uno", "Due", "Tre", "Quattro"].map((name) => repo.addGroup(name)));
      expect(added.every((a) => a !== "nameTaken")).toBe(true);
      const first = (added[0] as { id: string }).id;
      await Promise.all(["A?", "B?", "C?", "D?", "E?"].map((text) => question(first, text)));
      const groups = await repo.listGroups();
      expect(groups.map((g) => g.position).sort()).toEqual([1, 2, 3, 4]);
      const inFirst = groups.find((g) => g.id === first)!.questions;
      expect(inFirst.map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    });
  });
});
