import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { RichTextDocument } from "~/ui/rich-text/document";
import type { UploadImage } from "~/ui/rich-text/editor-panels";
import { RichTextField } from "~/ui/rich-text/field";
import { SUBJECT_MAX } from "./consent";
import { newsletterDraftSchema } from "./newsletter-schema";

/**
 * Her newsletter's draft: subject and text in the shared rich-text editor; saved (preview) or tested.
 * `uploadImage`: where its images go (the route's choice: the articles' upload).
 */
export function NewsletterEditor({
  initial,
  lastResult,
  uploadImage,
}: {
  initial: { subject: string; body: RichTextDocument };
  lastResult?: SubmissionResult<string[]>;
  uploadImage: UploadImage;
}) {
  const { form, fields, formProps } = useSchemaForm(newsletterDraftSchema, {
    id: "newsletter-bozza",
    lastResult,
    defaultValue: { subject: initial.subject, body: JSON.stringify(initial.body) },
  });
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post" className="newsletter-editor" {...formProps}>
      {form.errors?.length ? (
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      <TextField meta={fields.subject} label="Oggetto" maxLength={SUBJECT_MAX} />
      <RichTextField
        className="newsletter-editor__body"
        meta={fields.body}
        initial={initial.body}
        label="Testo della newsletter"
        hint="Puoi aggiungere immagini: ognuna con la sua descrizione, che compare anche nella versione solo testo."
        uploadImage={uploadImage}
      />
      <div className="newsletter-editor__actions">
        <button type="submit" name="intent" value="save" className="button" disabled={saving}>
          Salva e mostra l'anteprima
        </button>
        <button type="submit" name="intent" value="test" className="button button--secondary" disabled={saving}>
          Invia una prova a me
        </button>
      </div>
    </Form>
  );
}
