import type { Route } from "./+types/content-hours";
import { EditorForm } from "~/features/site-content/editor/fields";
import { ErrorList } from "~/core/forms/field";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { WeekFields, weekFormValue } from "~/features/site-content/editor/week-fields";
import { hoursAction } from "./content-group-action.server";
import { openingHoursLine } from "~/features/site-content/hours";
import type { ReactNode } from "react";
import type { DayHours } from "~/features/site-content/site-content";
import { useEditorData } from "./content";

/** Saves the week's hours; "Copia su tutti i giorni" without JavaScript answers the form with the day copied. */
export const action = (args: Route.ActionArgs) => hoursAction(args);

/** Each studio's week, then the online visits': per day, closed or one or two ranges. */
export default function HoursEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const defaultValue = {
    studios: content.studios.map((studio) => ({ key: studio.key, hours: weekFormValue(studio.hours) })),
    onlineHours: weekFormValue(content.onlineHours),
  };
  const { form, fields, baseVersion } = useContentForm("orari", version, defaultValue as never, actionData?.reply);
  return (
    <section className="content-section" aria-labelledby="orari-titolo">
      <h2 id="orari-titolo" className="admin-section__title">
        Orari di apertura
      </h2>
      <p className="admin-section__lead">
        Ogni studio ha i suoi orari, e le visite online i loro: la pagina iniziale li mostra nei contatti (quelli online
        quando un tipo di visita si prenota online) e le prenotazioni offrono solo questi. I giorni con gli stessi orari
        vengono raggruppati. Lascia vuota la seconda fascia se non serve.
      </p>
      <EditorForm form={form} version={baseVersion}>
        {fields.studios.getFieldList().map((studioField, index) => {
          const studio = content.studios[index];
          if (!studio) return null;
          const f = studioField.getFieldset();
          return (
            <PlaceWeek key={studioField.key} name={studio.name} now={studio.hours}>
              <input type="hidden" name={f.key.name} value={studio.key} />
              <WeekFields week={f.hours} form={form} />
            </PlaceWeek>
          );
        })}
        <ErrorList id={fields.studios.errorId} errors={fields.studios.errors} />
        <PlaceWeek name="Visite online" now={content.onlineHours}>
          <WeekFields week={fields.onlineHours} form={form} />
        </PlaceWeek>
      </EditorForm>
    </section>
  );
}

/** One place's block, named for it, with what the site shows now. */
function PlaceWeek({ name, now, children }: { name: string; now: DayHours[]; children: ReactNode }) {
  return (
    <fieldset className="content-form__group hours-editor__place">
      <legend>{name}</legend>
      <p className="hours-editor__now">
        Sul sito ora: <strong>{openingHoursLine(now)}</strong>
      </p>
      {children}
    </fieldset>
  );
}
