import { z } from "zod";
import { oneLine } from "~/core/forms/field-rules";
import { richTextField } from "~/ui/rich-text/document-schema";
import { FAQ_MESSAGES as M, GROUP_NAME_MAX_LENGTH, QUESTION_MAX_LENGTH } from "./messages";

/* Her FAQ screens' forms: one zod schema each for the browser and the server (admin only). */

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const tooLong = (max: number) => `Testo troppo lungo: al massimo ${max} caratteri.`;

/** A question's editor: the question, its group, the answer (the editor's JSON), whether the home page shows it. */
export const questionFormSchema = z.object({
  question: z.preprocess(
    blankToUndefined,
    oneLine(z.string({ error: M.questionMissing }).trim().max(QUESTION_MAX_LENGTH, tooLong(QUESTION_MAX_LENGTH))),
  ),
  groupId: z.preprocess(blankToUndefined, z.guid({ error: M.groupMissing })),
  answer: richTextField({ empty: M.answerEmpty, tooLong: M.answerTooLong, invalid: M.answerInvalid }),
  // A checked box arrives as "on", an unchecked one not at all.
  showOnHome: z.preprocess((value) => value === "on", z.boolean()),
});

export type QuestionFormValue = z.infer<typeof questionFormSchema>;

const groupName = z.preprocess(
  blankToUndefined,
  oneLine(z.string({ error: M.groupInvalid }).trim().max(GROUP_NAME_MAX_LENGTH, M.groupInvalid)),
);
const id = z.guid();
const direction = z.enum(["up", "down"]);

/** The list's small forms: a group added, renamed, moved or deleted; a question moved or deleted. */
export const faqListSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("addGroup"), name: groupName }),
  z.object({ intent: z.literal("renameGroup"), id, name: groupName }),
  z.object({ intent: z.literal("deleteGroup"), id }),
  z.object({ intent: z.literal("moveGroup"), id, direction }),
  z.object({ intent: z.literal("moveQuestion"), id, direction }),
  z.object({ intent: z.literal("deleteQuestion"), id }),
]);

export type FaqListValue = z.infer<typeof faqListSchema>;
