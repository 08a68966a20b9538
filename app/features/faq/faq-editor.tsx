import type { SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, SelectField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { useUnsavedChangesGuard } from "~/core/forms/leave-guard";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { RichTextDocument } from "~/ui/rich-text/document";
import { RichTextField } from "~/ui/rich-text/field";
import { questionFormSchema } from "./faq-form";
import { HOME_FAQ_COUNT, QUESTION_MAX_LENGTH } from "./messages";

/** What the form starts with: a saved question's values, or a new one's. */
export interface QuestionFormInitial {
  question: string;
  groupId: string;
  answer: RichTextDocument;
  showOnHome: boolean;
}

/** A question's form: the question, its group, the answer in the rich-text editor (no images), the home switch. */
export function FaqQuestionEditor({
  questionId,
  initial,
  groups,
  lastResult,
}: {
  questionId: string | null;
  initial: QuestionFormInitial;
  groups: { value: string; label: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps } = useSchemaForm(questionFormSchema, {
    id: `domanda-${questionId ?? "nuova"}`,
    lastResult,
    defaultValue: {
      question: initial.question,
      groupId: initial.groupId,
      answer: JSON.stringify(initial.answer),
      showOnHome: initial.showOnHome ? "on" : undefined,
    },
  });
  const saving = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, questionId);
  return (
    <Form ref={formRef} method="post" className="faq-form" {...formProps}>
      {form.errors?.length ? (
        <div className="faq-form__alert" role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      <TextField meta={fields.question} label="Domanda" maxLength={QUESTION_MAX_LENGTH} />
      <SelectField meta={fields.groupId} label="Gruppo" options={groups} />
      <RichTextField
        className="faq-form__answer"
        meta={fields.answer}
        initial={initial.answer}
        label="Risposta"
        hint="Usa i pulsanti per elenchi, grassetto, corsivo e collegamenti."
      />
      <CheckboxField
        meta={fields.showOnHome}
        label="Mostra in home"
        hint={`La home mostra le domande scelte, al massimo ${HOME_FAQ_COUNT}, con un collegamento alle risposte.`}
      />
      <div className="faq-form__actions">
        <button type="submit" className="button" disabled={saving}>
          Salva la domanda
        </button>
      </div>
    </Form>
  );
}
