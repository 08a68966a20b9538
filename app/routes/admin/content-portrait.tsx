import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/content-portrait";
import { EditorForm } from "~/features/site-content/editor/fields";
import { clampPercent, FocusPicker } from "~/ui/focus-picker";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { Portrait } from "~/ui/responsive-image";
import { MAX_IMAGE_UPLOAD_BYTES } from "~/core/media/image-upload";
import { portraitAction } from "~/composition/admin/content-group-action.server";
import { portraitUploadSchema } from "~/features/site-content/form-schemas";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { useEditorData } from "./content";

/** Three forms: upload (multipart), focus point (the editor's form), remove. */
export const action = (args: Route.ActionArgs) => portraitAction(args);

export default function PortraitEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const { portrait, practitioner } = content;
  const { form, fields, baseVersion } = useContentForm(
    "ritratto",
    version,
    { portrait: { focusX: portrait.focusX, focusY: portrait.focusY } },
    (actionData as ActionResult | undefined)?.reply,
  );
  const focus = fields.portrait.getFieldset();
  const upload = useSchemaForm(portraitUploadSchema, { id: "ritratto-carica-modulo" });
  useActionResult(actionData as ActionResult | undefined);
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  // The photo shows the point as the form holds it now (tapped, a button, typed), before it is saved.
  const x = clampPercent(focus.focusX.value, portrait.focusX);
  const y = clampPercent(focus.focusY.value, portrait.focusY);

  return (
    <section className="content-section" aria-labelledby="ritratto-titolo">
      <h2 id="ritratto-titolo" className="admin-section__title">
        Ritratto
      </h2>
      <div className="portrait-editor">
        <figure className="portrait-editor__figure">
          <Portrait
            className="portrait-editor__image"
            image={portrait.image}
            focusX={x}
            focusY={y}
            name={practitioner.name}
          />
          <figcaption>
            {portrait.image
              ? "Il ritratto come appare nella sezione Chi sono."
              : "Nessuna foto: il sito mostra l'illustrazione."}
          </figcaption>
        </figure>
        <div className="portrait-editor__forms">
          <Form
            method="post"
            encType="multipart/form-data"
            className="content-form"
            aria-labelledby="ritratto-carica"
            {...upload.formProps}
          >
            <h3 id="ritratto-carica" className="content-form__title">
              {portrait.image ? "Sostituisci la foto" : "Carica una foto"}
            </h3>
            <input type="hidden" name="version" value={version} />
            <Field
              id="ritratto-file"
              label="Foto"
              hint={`JPEG, PNG, WebP o AVIF, al massimo ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB. I dati nascosti della foto (posizione, fotocamera) vengono eliminati.`}
              hintFirst
              errors={upload.fields.image.errors}
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  name={upload.fields.image.name}
                  accept="image/jpeg,image/png,image/webp,image/avif"
                />
              )}
            </Field>
            <div className="content-form__actions">
              <button type="submit" className="button" disabled={uploading}>
                {uploading ? "Caricamento in corso…" : "Carica e pubblica"}
              </button>
            </div>
          </Form>

          {portrait.image ? (
            <>
              <EditorForm form={form} version={baseVersion} submitLabel="Salva la posizione" announce={false}>
                <h3 className="content-form__title">Inquadratura</h3>
                <FocusPicker
                  image={portrait.image}
                  fieldset={fields.portrait}
                  focusX={focus.focusX}
                  focusY={focus.focusY}
                  x={x}
                  y={y}
                  form={form}
                />
              </EditorForm>
              <Form method="post" className="content-form">
                <input type="hidden" name="version" value={version} />
                <input type="hidden" name="intent" value="remove" />
                <h3 className="content-form__title">Rimuovi la foto</h3>
                <p className="field__hint">
                  Il sito tornerà a mostrare l'illustrazione. Puoi ripristinare la foto dalle versioni.
                </p>
                <div>
                  <button type="submit" className="button button--danger">
                    Rimuovi il ritratto
                  </button>
                </div>
              </Form>
            </>
          ) : null}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {uploading ? "Caricamento della foto in corso" : ""}
      </p>
    </section>
  );
}
