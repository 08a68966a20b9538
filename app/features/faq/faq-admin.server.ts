import { refused, type Result, succeeded } from "~/core/result";
import type { FaqQuestion, FaqRepository } from "./faq.server";
import type { FaqListValue, QuestionFormValue } from "./faq-form";

/** Creates (no id) or updates a question from the checked form. */
export async function saveFaqQuestion(
  faq: FaqRepository,
  input: { id?: string; value: QuestionFormValue },
): Promise<Result<{ question: FaqQuestion; outcome: "created" | "saved" }, "notFound" | "groupGone">> {
  const saved = await faq.saveQuestion(input.id, input.value);
  if (saved === undefined) return refused("notFound");
  if (saved === "groupGone") return refused("groupGone");
  return succeeded({ question: saved, outcome: input.id ? "saved" : "created" });
}

export type FaqListOutcome = "groupAdded" | "groupRenamed" | "groupDeleted" | "moved" | "deleted";
export type FaqListRefusal = "nameTaken" | "groupNotFound" | "groupNotEmpty" | "notFound" | "atEdge" | "groupAtEdge";

/** One of the list's changes: a group added, renamed, moved or deleted; a question moved or deleted. */
export async function changeFaqList(
  faq: FaqRepository,
  value: FaqListValue,
): Promise<Result<FaqListOutcome, FaqListRefusal>> {
  switch (value.intent) {
    case "addGroup": {
      const added = await faq.addGroup(value.name);
      return added === "nameTaken" ? refused("nameTaken") : succeeded("groupAdded");
    }
    case "renameGroup": {
      const renamed = await faq.renameGroup(value.id, value.name);
      if (renamed === "renamed") return succeeded("groupRenamed");
      return refused(renamed === "notFound" ? "groupNotFound" : renamed);
    }
    case "deleteGroup": {
      const deleted = await faq.deleteGroup(value.id);
      if (deleted === "deleted") return succeeded("groupDeleted");
      return refused(deleted === "notFound" ? "groupNotFound" : "groupNotEmpty");
    }
    case "moveGroup": {
      const moved = await faq.moveGroup(value.id, value.direction);
      if (moved === "moved") return succeeded("moved");
      return refused(moved === "notFound" ? "groupNotFound" : "groupAtEdge");
    }
    case "moveQuestion": {
      const moved = await faq.moveQuestion(value.id, value.direction);
      if (moved === "moved") return succeeded("moved");
      return refused(moved === "notFound" ? "notFound" : "atEdge");
    }
    case "deleteQuestion":
      return (await faq.deleteQuestion(value.id)) ? succeeded("deleted") : refused("notFound");
  }
}
