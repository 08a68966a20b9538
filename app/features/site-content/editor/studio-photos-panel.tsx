import { useFetcher } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { MAX_IMAGE_UPLOAD_BYTES } from "~/core/media/image-upload";
import type { PublicImage } from "~/core/media/public-image";
import { ResponsiveImage } from "~/ui/responsive-image";
import { studioPhotoActionSchema, studioPhotoUploadSchema } from "../form-schemas";
import { MAX_PHOTO_ALT, MAX_STUDIO_PHOTOS } from "../site-content";

/** Where every photo form posts. */
const ACTION = "/admin/foto-studi";

export interface StudioPhotoItem {
  id: string;
  alt: string;
  image: PublicImage;
}

/**
 * A studio's photos on the studios' screen: each with its description, moved or
 * removed; a new one from the phone's camera or a file, with the description she must write. At
 * six, the form gives way to a sentence saying why. Every form works without JavaScript too.
 */
export function StudioPhotosPanel({
  studio,
  photos,
}: {
  studio: { key: string; name: string };
  photos: readonly StudioPhotoItem[];
}) {
  const titleId = `foto-${studio.key}-titolo`;
  return (
    <section id={`foto-${studio.key}`} className="studio-photos content-form" aria-labelledby={titleId}>
      <h3 id={titleId} className="content-form__title">
        {`Foto di ${studio.name}`}
      </h3>
      <p className="field__hint">
        {`${photos.length} di ${MAX_STUDIO_PHOTOS} foto. Compaiono nella pagina dello studio, in quest'ordine.`}
      </p>
      {photos.length ? (
        <ol className="studio-photos__list">
          {photos.map((photo, index) => (
            <PhotoRow key={photo.id} photo={photo} index={index} count={photos.length} />
          ))}
        </ol>
      ) : null}
      {photos.length < MAX_STUDIO_PHOTOS ? (
        <PhotoUpload studio={studio} />
      ) : (
        <p className="studio-photos__full">
          {`Hai raggiunto il massimo di ${MAX_STUDIO_PHOTOS} foto per questo studio: rimuovine una per aggiungerne un'altra.`}
        </p>
      )}
    </section>
  );
}

function PhotoUpload({ studio }: { studio: { key: string; name: string } }) {
  const fetcher = useFetcher<ActionResult>();
  const id = `foto-${studio.key}-nuova`;
  const { fields, formProps } = useSchemaForm(studioPhotoUploadSchema, { id, lastResult: fetcher.data?.reply });
  useActionResult(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={ACTION}
      encType="multipart/form-data"
      className="studio-photos__add"
      {...formProps}
    >
      <input type="hidden" name="studio" value={studio.key} />
      <Field
        id={`${id}-file`}
        label={`Nuova foto di ${studio.name}`}
        hint={`Scatta una foto o scegline una: JPEG, PNG, WebP o AVIF, al massimo ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB. I dati nascosti della foto (posizione, fotocamera) vengono eliminati.`}
        hintFirst
        errors={fields.image.errors}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name={fields.image.name}
            accept="image/jpeg,image/png,image/webp,image/avif"
          />
        )}
      </Field>
      <Field
        id={`${id}-alt`}
        label="Descrizione della foto"
        hint="Cosa si vede, in poche parole (es. La sala d'attesa, con due poltrone e una libreria)."
        hintFirst
        errors={fields.alt.errors}
      >
        {(control) => (
          <input
            {...control}
            key={fields.alt.key}
            name={fields.alt.name}
            type="text"
            maxLength={MAX_PHOTO_ALT}
            autoComplete="off"
          />
        )}
      </Field>
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Caricamento in corso…" : "Aggiungi la foto"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function PhotoRow({ photo, index, count }: { photo: StudioPhotoItem; index: number; count: number }) {
  const describe = useFetcher<ActionResult>();
  const change = useFetcher<ActionResult>();
  const id = `foto-${photo.id}`;
  const { fields, formProps } = useSchemaForm(studioPhotoActionSchema, {
    id,
    lastResult: describe.data?.reply,
    defaultValue: { intent: "alt", id: photo.id, alt: photo.alt },
  });
  useActionResult(describe.data);
  useActionResult(change.data);
  const label = `foto ${index + 1}`;
  const small = (
    intent: string,
    text: string,
    aria: string,
    extra?: { name: string; value: string },
    danger = false,
    disabled = false,
  ) => (
    <change.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={photo.id} />
      {extra ? <input type="hidden" name={extra.name} value={extra.value} /> : null}
      <button
        type="submit"
        className={`button button--small ${danger ? "button--danger" : "button--secondary"}`}
        aria-label={aria}
        disabled={disabled || change.state !== "idle"}
      >
        {text}
      </button>
    </change.Form>
  );
  return (
    <li className="studio-photos__item">
      <ResponsiveImage className="studio-photos__thumb" image={photo.image} alt={photo.alt} sizes="10rem" />
      <div className="studio-photos__edit">
        <describe.Form method="post" action={ACTION} {...formProps}>
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="id" value={photo.id} />
          <Field id={`${id}-alt`} label={`Descrizione della ${label}`} errors={fields.alt.errors}>
            {(control) => (
              <input
                {...control}
                key={fields.alt.key}
                name={fields.alt.name}
                defaultValue={photo.alt}
                type="text"
                maxLength={MAX_PHOTO_ALT}
                autoComplete="off"
              />
            )}
          </Field>
          <button type="submit" className="button button--secondary button--small" disabled={describe.state !== "idle"}>
            Salva la descrizione
          </button>
        </describe.Form>
        <div className="studio-photos__actions">
          {small("move", "Sposta su", `Sposta su: ${label}`, { name: "direction", value: "up" }, false, index === 0)}
          {small(
            "move",
            "Sposta giù",
            `Sposta giù: ${label}`,
            { name: "direction", value: "down" },
            false,
            index === count - 1,
          )}
          {small("remove", "Rimuovi", `Rimuovi: ${label}`, undefined, true)}
        </div>
      </div>
    </li>
  );
}
