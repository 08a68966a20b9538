import type { Route } from "./+types/content-hours";
import { EditorForm } from "~/features/site-content/editor/fields";
import { ErrorList } from "~/core/forms/field";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { Disclosure, WeekFields, weekFormValue } from "~/features/site-content/editor/week-fields";
import { hoursAction } from "~/composition/admin/content-group-action.server";
import { openingHoursLine } from "~/features/site-content/hours";
import type { ReactNode } from "react";
import type { DayHours } from "~/features/site-content/site-content";
import { useEditorData } from "./content";

/** Saves the week's hours; "Copia sui giorni aperti" without JavaScript answers the form with the day copied. */
export const action = (args: Route.ActionArgs) => hoursAction(args);

/**
 * Each studio's week, then the online visits': per day, closed or one or two ranges. One place open at
 * a time on a phone (the step was 7.6 screens long): each place is a disclosure, the first
 * open, and any that holds an error or the week a button just answered (without JavaScript).
 */
export default function HoursEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const defaultValue = {
    studios: content.studios.map((studio) => ({ key: studio.key, hours: weekFormValue(studio.hours) })),
    onlineHours: weekFormValue(content.onlineHours),
  };
  const reply = actionData?.reply;
  const { form, fields, baseVersion } = useContentForm("orari", version, defaultValue as never, reply);
  const answered = answeredField(reply);
  const opened = (index: number, week: { name: string; allErrors: Record<string, unknown> }) =>
    index === 0 || Object.keys(week.allErrors).length > 0 || answered.startsWith(week.name);
  return (
    <section className="content-section" aria-labelledby="orari-titolo">
      <h2 id="orari-titolo" className="admin-section__title">
        Orari di apertura
      </h2>
      <p className="admin-section__lead">
        Ogni studio ha i suoi orari, e le visite online i loro: il sito li mostra e le prenotazioni offrono solo questi.
        Tocca uno studio per aprirne la settimana; in «Altro» trovi la seconda fascia, gli orari frequenti e la copia.
      </p>
      <EditorForm form={form} version={baseVersion}>
        {fields.studios.getFieldList().map((studioField, index) => {
          const studio = content.studios[index];
          if (!studio) return null;
          const f = studioField.getFieldset();
          return (
            <PlaceWeek key={studioField.key} name={studio.name} now={studio.hours} open={opened(index, f.hours)}>
              <input type="hidden" name={f.key.name} value={studio.key} />
              <WeekFields week={f.hours} form={form} answered={answered} />
            </PlaceWeek>
          );
        })}
        <ErrorList id={fields.studios.errorId} errors={fields.studios.errors} />
        <PlaceWeek
          name="Visite online"
          now={content.onlineHours}
          open={opened(content.studios.length, fields.onlineHours)}
        >
          <WeekFields week={fields.onlineHours} form={form} answered={answered} />
        </PlaceWeek>
      </EditorForm>
    </section>
  );
}

/** The field a list or week button's answer was for ("studios[1].hours[2]"), or "". */
function answeredField(reply: unknown): string {
  const intent = (reply as { intent?: { payload?: { name?: unknown } } } | undefined)?.intent;
  const name = intent?.payload?.name;
  return typeof name === "string" ? name : "";
}

/**
 * One place's block, named for it, with what the site shows now: a disclosure whose summary (the
 * name and that line) is all a closed place takes. Closed, its fields are still posted.
 */
function PlaceWeek({
  name,
  now,
  open,
  children,
}: {
  name: string;
  now: DayHours[];
  open: boolean;
  children: ReactNode;
}) {
  return (
    <Disclosure
      open={open}
      className="content-form__group hours-editor__place"
      label={name}
      summary={
        <summary className="hours-editor__summary">
          <span className="hours-editor__place-name">{name}</span>
          <span className="hours-editor__now">
            Sul sito ora: <strong>{openingHoursLine(now)}</strong>
          </span>
        </summary>
      }
    >
      {children}
    </Disclosure>
  );
}
