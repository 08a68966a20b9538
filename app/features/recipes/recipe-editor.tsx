import type { SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorList, Field } from "~/core/forms/field";
import { useUnsavedChangesGuard } from "~/core/forms/leave-guard";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { PublicImage } from "~/core/media/public-image";
import { ResponsiveImage } from "~/ui/responsive-image";
import { CheckboxField, Choices, SelectField, TextAreaField, TextField } from "~/core/forms/conform-fields";
import { ListRowActions } from "~/core/forms/list-row-actions";
import {
  DESCRIPTION_MAX_LENGTH,
  IMAGE_ALT_MAX_LENGTH,
  MAX_INGREDIENTS,
  MAX_STEPS,
  NOTE_MAX_LENGTH,
  RECIPE_MESSAGES,
  TITLE_MAX_LENGTH,
} from "./messages";
import {
  CATEGORY_LABELS,
  NUTRIENT_LABELS,
  NUTRIENTS,
  recipeCategories,
  recipeStatuses,
  recipeTags,
  STATUS_LABELS,
  TAG_LABELS,
  recipeUnits,
} from "./recipe";
import { UNIT_NAMES } from "./quantities";
import { EMPTY_INGREDIENT, type RecipeFormInitial, recipeFormSchema } from "./recipe-form";

/** A photo she may attach the recipe to. */
export interface PhotoChoice {
  id: string;
  label: string;
  image: PublicImage;
}

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The units as the editor lists them. */
const UNIT_OPTIONS = recipeUnits.map((unit) => ({
  value: unit,
  label: unit === "pezzo" ? "pezzi" : UNIT_NAMES[unit][0],
}));

const NUTRIENT_FIELDS = [
  { key: "energyKcal", label: "Energia (kcal)", unit: "kcal" },
  { key: "energyKj", label: "Energia (kJ)", unit: "kJ", hint: "Se lo lasci vuoto, è calcolato dalle kcal." },
  ...NUTRIENTS.map((key) => ({ key, label: `${NUTRIENT_LABELS[key]} (g)`, unit: "g" })),
] as const;

/**
 * The recipe's form, for a new recipe or a saved one. Checked in the browser with the schema the
 * server parses it with; without JavaScript it posts as it is, and the ingredient buttons (add,
 * move, remove) post too and come back with the list changed. The health-advertising reminder sits
 * beside the fields she writes freely.
 */
export function RecipeEditor({
  recipeId,
  initial,
  photos,
  ownImage,
  lastResult,
}: {
  recipeId: string | null;
  initial: RecipeFormInitial;
  photos: PhotoChoice[];
  /** Her own photo of the recipe, uploaded before. */
  ownImage: PublicImage | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps } = useSchemaForm(recipeFormSchema, {
    id: `ricetta-${recipeId ?? "nuova"}`,
    lastResult,
    defaultValue: initial,
  });
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("__intent__") == null;
  const ingredients = fields.ingredients.getFieldList();
  const nutrition = fields.nutrition.getFieldset();
  // The route remounts the editor after each save (keyed by its time), which resets the baseline.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, recipeId);

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" className="recipe-form" {...formProps}>
      {form.errors?.length ? (
        <div className="recipe-form__alert" role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}

      <fieldset className="recipe-form__group">
        <legend>Foto e presentazione</legend>
        {ownImage ? (
          <figure className="recipe-form__own-photo">
            <ResponsiveImage image={ownImage} alt="" sizes="12rem" />
            <figcaption>La foto della ricetta, caricata da te.</figcaption>
          </figure>
        ) : null}
        {ownImage ? (
          <CheckboxField
            meta={fields.removeImage}
            label="Rimuovi la foto"
            hint={
              photos.length > 0
                ? "Con il salvataggio la foto viene eliminata; la ricetta mostra la foto della presentazione scelta qui sotto, se c'è."
                : "Con il salvataggio la foto viene eliminata e la ricetta resta senza foto."
            }
          />
        ) : null}
        <Field
          id={fields.image.id}
          label={ownImage ? "Sostituisci la foto" : "Carica la foto della ricetta"}
          hint={`JPEG, PNG, WebP, AVIF o GIF, fino a 10 MB. I dati di posizione e gli altri metadati vengono rimossi.${photos.length > 0 ? " Oppure scegli qui sotto una foto della presentazione." : ""}`}
          errors={fields.image.errors}
          optional={Boolean(ownImage) || photos.length > 0}
          hintFirst
        >
          {(control) => (
            <input key={fields.image.key} {...control} name={fields.image.name} type="file" accept="image/*" />
          )}
        </Field>
        <TextField
          meta={fields.imageAlt}
          label="Descrizione della foto"
          hint="Per chi non può vederla, ad esempio «Insalata di farro e ceci in una ciotola bianca». Serve con la tua foto."
          maxLength={IMAGE_ALT_MAX_LENGTH}
          optional={!ownImage}
        />
        {/* Chosen by its picture: a list of "Foto 1: Senza titolo" told her nothing. */}
        {photos.length > 0 ? (
          <Choices
            meta={fields.photoId}
            legend="Foto della presentazione"
            hint="Facoltativa: nella home, questa foto porterà alla ricetta; senza la tua foto, è anche la foto della ricetta."
            options={[
              { value: "", label: "Nessuna" },
              ...photos.map((photo) => ({
                value: photo.id,
                label: photo.label,
                picture: <ResponsiveImage className="choices__picture" image={photo.image} alt="" sizes="9rem" />,
              })),
            ]}
          />
        ) : null}
        <TextField meta={fields.title} label="Titolo" maxLength={TITLE_MAX_LENGTH} />
        <TextField
          meta={fields.slug}
          label="Indirizzo della pagina"
          optional
          hint="La parte finale di /ricette/…: lettere minuscole, cifre e trattini. Se lo lasci vuoto, nasce dal titolo."
        />
        <TextAreaField
          meta={fields.description}
          label="Descrizione breve"
          hint={RECIPE_MESSAGES.healthClaims}
          maxLength={DESCRIPTION_MAX_LENGTH}
          rows={3}
        />
        <div className="recipe-form__pair">
          <SelectField
            meta={fields.category}
            label="Categoria"
            placeholder="Scegli…"
            options={options(recipeCategories, CATEGORY_LABELS)}
          />
          <TextField meta={fields.cuisine} label="Cucina" hint="Ad esempio Italiana, Mediterranea." />
        </div>
        <Choices meta={fields.tags} legend="Caratteristiche" multiple options={options(recipeTags, TAG_LABELS)} />
      </fieldset>

      <fieldset className="recipe-form__group">
        <legend>Porzioni e tempi</legend>
        <div className="recipe-form__quad">
          <TextField meta={fields.servings} label="Porzioni" inputMode="numeric" />
          <TextField meta={fields.prepMinutes} label="Preparazione (minuti)" inputMode="numeric" />
          <TextField meta={fields.cookMinutes} label="Cottura (minuti)" inputMode="numeric" />
          <TextField meta={fields.portionGrams} label="Peso di una porzione (g)" optional inputMode="numeric" />
        </div>
      </fieldset>

      <fieldset className="recipe-form__group">
        <legend>Ingredienti</legend>
        <p className="field__hint">
          Quantità per il numero di porzioni indicato: sul sito si ricalcolano se il visitatore cambia le porzioni. Per
          sale, pepe e simili scegli l'unità «q.b.» e lascia vuota la quantità. La sezione raggruppa gli ingredienti che
          seguono (es. «Per il condimento»). Per gli ingredienti contati (unità «pezzi») scrivi il nome al singolare e
          il plurale (es. «zucchina», «zucchine»): il sito usa quello giusto per ogni numero di porzioni.
        </p>
        <ol className="recipe-form__ingredients">
          {ingredients.map((row, index) => {
            const f = row.getFieldset();
            const name = typeof f.name.value === "string" && f.name.value ? f.name.value : `Ingrediente ${index + 1}`;
            return (
              <li key={row.key} className="recipe-form__ingredient">
                <fieldset>
                  <legend className="visually-hidden">{`Ingrediente ${index + 1}`}</legend>
                  <div className="recipe-form__ingredient-fields">
                    <TextField meta={f.quantity} label="Quantità" inputMode="decimal" />
                    <SelectField meta={f.unit} label="Unità" options={UNIT_OPTIONS} />
                    <TextField meta={f.name} label="Ingrediente" />
                    <TextField meta={f.plural} label="Plurale" optional />
                    <TextField meta={f.note} label="Nota" optional />
                    <TextField meta={f.section} label="Sezione" optional />
                  </div>
                  <ListRowActions
                    form={form}
                    name={fields.ingredients.name}
                    index={index}
                    count={ingredients.length}
                    label={name}
                    className="recipe-form__row-actions"
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <ErrorList id={fields.ingredients.errorId} errors={fields.ingredients.errors} />
        {ingredients.length < MAX_INGREDIENTS ? (
          <p>
            <button
              className="button button--secondary"
              {...form.insert.getButtonProps({ name: fields.ingredients.name, defaultValue: EMPTY_INGREDIENT })}
            >
              Aggiungi ingrediente
            </button>
          </p>
        ) : null}
      </fieldset>

      <fieldset className="recipe-form__group">
        <legend>Procedimento</legend>
        <TextAreaField
          meta={fields.steps}
          label="Passaggi"
          hint={`Un passaggio per riga, nell'ordine (al massimo ${MAX_STEPS}); la numerazione la aggiunge il sito.`}
          rows={8}
        />
        <TextAreaField
          meta={fields.note}
          label="Nota della nutrizionista"
          optional
          hint={RECIPE_MESSAGES.healthClaims}
          maxLength={NOTE_MAX_LENGTH}
          rows={4}
        />
      </fieldset>

      <fieldset className="recipe-form__group">
        <legend>Valori nutrizionali per porzione</legend>
        <p className="field__hint">{RECIPE_MESSAGES.nutritionHint}</p>
        <div className="recipe-form__nutrition">
          {NUTRIENT_FIELDS.map((field) => (
            <TextField
              key={field.key}
              meta={nutrition[field.key]}
              label={field.label}
              hint={"hint" in field ? field.hint : undefined}
              inputMode={field.unit === "g" ? "decimal" : "numeric"}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="recipe-form__group">
        <legend>Pubblicazione</legend>
        <Choices
          meta={fields.status}
          legend="Stato"
          hint="Una bozza non è visibile sul sito; una ricetta pubblicata compare su /ricette e nella home."
          options={options(recipeStatuses, STATUS_LABELS)}
        />
      </fieldset>

      <div className="recipe-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Salvataggio…" : "Salva la ricetta"}
        </button>
      </div>
    </Form>
  );
}
