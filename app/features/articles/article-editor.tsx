import type { SubmissionResult } from "@conform-to/react";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Choices, TextAreaField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { useUnsavedChangesGuard } from "~/core/forms/leave-guard";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { PublicImage } from "~/core/media/public-image";
import { clampPercent, FocusPicker } from "~/ui/focus-picker";
import type { RichTextDocument } from "~/ui/rich-text/document";
import { articleFormSchema, categoryOptions } from "./article-form";
import { uploadArticleImageFromEditor } from "./image-upload-client";
import { ALT_MAX_LENGTH, ARTICLE_MESSAGES, EXCERPT_MAX_LENGTH, TITLE_MAX_LENGTH } from "./messages";
import { RichTextField } from "~/ui/rich-text/field";

/** What the form starts with: a saved article's values, or a new one's. */
export interface ArticleFormInitial {
  title: string;
  slug: string;
  excerpt: string;
  categories: string[];
  publishAt: string;
  body: RichTextDocument;
  coverImageId: string;
  coverAlt: string;
  coverFocus: { focusX: number; focusY: number };
  coverImage: PublicImage | null;
}

type ArticleForm = ReturnType<typeof useSchemaForm<typeof articleFormSchema>>;

function CoverField({ initial, form, fields }: { initial: ArticleFormInitial } & Pick<ArticleForm, "form" | "fields">) {
  const [cover, setCover] = useState({ id: initial.coverImageId, image: initial.coverImage });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const focus = fields.coverFocus.getFieldset();
  // The point as the form holds it now (tapped, a button, typed), before it is saved.
  const x = clampPercent(focus.focusX.value, initial.coverFocus.focusX);
  const y = clampPercent(focus.focusY.value, initial.coverFocus.focusY);
  const middle = () => form.update({ name: fields.coverFocus.name, value: { focusX: "50", focusY: "50" } as never });
  return (
    <div className="article-form__cover">
      <input type="hidden" name="coverImageId" value={cover.id} />
      {cover.image ? (
        <img
          className="article-form__cover-preview"
          src={cover.image.src}
          alt=""
          width={320}
          height={180}
          style={{ objectPosition: `${x}% ${y}%` }}
        />
      ) : null}
      <label className="field__label" htmlFor="article-cover-file">
        Immagine di copertina (facoltativa)
      </label>
      <input id="article-cover-file" ref={file} type="file" accept="image/*" />
      <div className="rich-text__panel-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={async () => {
            const chosen = file.current?.files?.[0];
            if (!chosen) return setError(ARTICLE_MESSAGES.imageMissing);
            setBusy(true);
            const uploaded = await uploadArticleImageFromEditor(chosen);
            setBusy(false);
            if (!uploaded.ok) return setError(uploaded.message);
            setError(null);
            // The editor learns only the address: the picker sizes the photo from the picture itself.
            setCover({ id: uploaded.id, image: { src: uploaded.src, srcSet: "", width: 320, height: 180 } });
            middle();
          }}
        >
          {busy ? "Caricamento…" : "Carica la copertina"}
        </button>
        {cover.id ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setCover({ id: "", image: null });
              middle();
            }}
          >
            Togli la copertina
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <TextField
        meta={fields.coverAlt}
        label="Descrizione della copertina"
        hint="Per chi non vede l'immagine: obbligatoria se c'è una copertina."
        maxLength={ALT_MAX_LENGTH}
        optional
      />
      {cover.image ? (
        <fieldset className="article-form__focus">
          <legend className="field__label">Inquadratura della copertina</legend>
          <FocusPicker
            image={cover.image}
            fieldset={fields.coverFocus}
            focusX={focus.focusX}
            focusY={focus.focusY}
            x={x}
            y={y}
            form={form}
          />
        </fieldset>
      ) : null}
    </div>
  );
}

/**
 * The article's form: title, address, excerpt, categories, the text in the rich-text editor, the
 * cover, and when it appears. The health-advertising reminder sits where she writes.
 */
export function ArticleEditor({
  articleId,
  initial,
  lastResult,
}: {
  articleId: string | null;
  initial: ArticleFormInitial;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { coverImage: _, body, ...defaults } = initial;
  const { form, fields, formProps } = useSchemaForm(articleFormSchema, {
    id: `articolo-${articleId ?? "nuovo"}`,
    lastResult,
    defaultValue: { ...defaults, body: JSON.stringify(body) },
  });
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, articleId);
  return (
    <Form ref={formRef} method="post" className="article-form" {...formProps}>
      {/* Enter in a field presses the form's first submit button: this one (a save as before), not a
          button of the cover's focus grid further down. */}
      <button type="submit" name="intent" value="draft" hidden tabIndex={-1} />
      {form.errors?.length ? (
        <div className="article-form__alert" role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      <p className="admin-notice article-form__reminder" id="promemoria-pubblicita-sanitaria">
        {ARTICLE_MESSAGES.healthAdvertising}
      </p>
      <TextField meta={fields.title} label="Titolo" maxLength={TITLE_MAX_LENGTH} />
      <TextAreaField
        meta={fields.excerpt}
        label="Riassunto"
        hint="Due o tre frasi: compaiono nell'elenco degli articoli, nel feed e nei risultati di ricerca."
        maxLength={EXCERPT_MAX_LENGTH}
        rows={3}
      />
      <Choices meta={fields.categories} legend="Categorie" multiple options={categoryOptions} />
      <RichTextField
        className="article-form__body"
        meta={fields.body}
        initial={body}
        label="Testo dell'articolo"
        hint="Usa i pulsanti per titoli, elenchi, grassetto, corsivo, citazioni, collegamenti e immagini."
        describedBy={["promemoria-pubblicita-sanitaria"]}
        uploadImage={uploadArticleImageFromEditor}
      />
      <CoverField initial={initial} form={form} fields={fields} />
      <TextField
        meta={fields.slug}
        label="Indirizzo della pagina"
        optional
        hint="La parte finale di /articoli/…: lettere minuscole, cifre e trattini. Se lo lasci vuoto, nasce dal titolo."
      />
      <TextField
        meta={fields.publishAt}
        type="datetime-local"
        label="Data e ora di pubblicazione"
        optional
        hint="Ora italiana. Vuoto: l'articolo compare appena lo pubblichi; con una data futura, compare a quell'ora."
      />
      <div className="article-form__actions">
        <button type="submit" name="intent" value="draft" className="button button--secondary" disabled={saving}>
          Salva come bozza
        </button>
        <button type="submit" name="intent" value="publish" className="button" disabled={saving}>
          Pubblica
        </button>
      </div>
    </Form>
  );
}
