import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/content-studios";
import { EditorForm } from "~/features/site-content/editor/fields";
import { TextAreaField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { ListRowActions } from "~/core/forms/list-row-actions";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { contentGroupAction } from "~/composition/admin/content-group-action.server";
import { MAX_STUDIO_PHOTOS, MAX_STUDIOS } from "~/features/site-content/site-content";
import { StudioPhotosPanel } from "~/features/site-content/editor/studio-photos-panel";
import { useEditorData } from "./content";

export const action = (args: Route.ActionArgs) => contentGroupAction("studi", args);

// A new studio has no key yet: it gets one when saved, and keeps it whatever it is renamed to.
const emptyStudio = {
  key: "",
  name: "",
  street: "",
  postalCode: "",
  city: "",
  province: "",
  mapsUrl: "",
  directions: "",
};

/** Where she receives patients: add, remove, reorder; the maps link follows the address unless typed. */
export default function StudiosEditor({ actionData }: Route.ComponentProps) {
  const { version, content, studioPhotos } = useEditorData();
  // The first-run setup shows this form too: its step stays short, the photos come later, here.
  const inSetup = useRouteLoaderData("routes/admin/content") === undefined;
  const { form, fields, baseVersion } = useContentForm(
    "studi",
    version,
    { studios: content.studios.map(({ hours: _hours, ...studio }) => studio) },
    actionData?.reply,
  );
  const studios = fields.studios.getFieldList();
  return (
    <section className="content-section" aria-labelledby="studi-titolo">
      <h2 id="studi-titolo" className="admin-section__title">
        Studi
      </h2>
      <p className="admin-section__lead">
        Gli studi compaiono nei contatti della home, nell'ordine dell'elenco. Aggiunte, rimozioni e spostamenti
        diventano visibili quando salvi.
      </p>
      <EditorForm form={form} version={baseVersion}>
        <ol className="studio-list">
          {studios.map((studio, index) => {
            const f = studio.getFieldset();
            const label = f.name.value || `Studio ${index + 1}`;
            return (
              <li key={studio.key} className="studio-list__item">
                <fieldset className="content-form__group">
                  <legend>{`Studio ${index + 1}`}</legend>
                  <input type="hidden" name={f.key.name} value={f.key.value ?? ""} />
                  <TextField meta={f.name} label="Nome dello studio" hint="Ad esempio Studio di Milano." />
                  <TextField meta={f.street} label="Via e numero civico" />
                  <div className="content-form__trio">
                    <TextField meta={f.postalCode} label="CAP" inputMode="numeric" />
                    <TextField meta={f.city} label="Città" />
                    <TextField meta={f.province} label="Provincia" hint="Sigla, es. MI." />
                  </div>
                  <TextField
                    meta={f.mapsUrl}
                    label="Link alla mappa"
                    type="url"
                    optional
                    hint="Se lo lasci vuoto, il sito apre la ricerca dell'indirizzo su Google Maps."
                  />
                  <TextAreaField
                    meta={f.directions}
                    label="Come arrivare"
                    optional
                    hint="Compare nella pagina dello studio: mezzi pubblici, parcheggio, citofono, piano."
                  />
                  <ListRowActions
                    form={form}
                    name={fields.studios.name}
                    index={index}
                    count={studios.length}
                    label={label}
                    className="studio-list__actions"
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <ErrorList id={fields.studios.errorId} errors={fields.studios.errors} />
        {studios.length < MAX_STUDIOS ? (
          <p>
            <button
              className="button button--secondary"
              {...form.insert.getButtonProps({ name: fields.studios.name, defaultValue: emptyStudio })}
            >
              Aggiungi uno studio
            </button>
          </p>
        ) : null}
      </EditorForm>
      {inSetup ? null : (
        <>
          <h2 className="admin-section__title studio-photos__heading">Foto degli studi</h2>
          <p className="admin-section__lead">
            {`Fino a ${MAX_STUDIO_PHOTOS} foto per studio, nella sua pagina. Ogni foto ha una descrizione, letta a chi non può vederla.`}
          </p>
          {content.studios.map((studio) => (
            <StudioPhotosPanel key={studio.key} studio={studio} photos={studioPhotos[studio.key] ?? []} />
          ))}
        </>
      )}
    </section>
  );
}
