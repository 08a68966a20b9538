import type { FieldMetadata } from "@conform-to/react";
import type { Route } from "./+types/content-hours";
import { EditorForm } from "~/features/site-content/editor/fields";
import { CheckboxField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { useContentForm } from "~/features/site-content/editor/use-content-form";
import { contentGroupAction } from "./content-group-action.server";
import { dayNames, openingHoursLine } from "~/features/site-content/hours";
import type { Weekday } from "~/features/site-content/site-content";
import { useEditorData } from "./content";

export const action = (args: Route.ActionArgs) => contentGroupAction("orari", args);

type Field = FieldMetadata<string | undefined>;

/** Per day: closed, or one or two ranges (e.g. 9:00–13:00 and 15:00–19:00). */
export default function HoursEditor({ actionData }: Route.ComponentProps) {
  const { version, content } = useEditorData();
  const hours = content.hours.map((day) => ({
    day: day.day,
    closed: day.ranges.length ? undefined : "on",
    ranges: [0, 1].map((i) => day.ranges[i] ?? { opens: "", closes: "" }),
  }));
  const { form, fields, baseVersion } = useContentForm("orari", version, { hours } as never, actionData?.reply);
  return (
    <section className="content-section" aria-labelledby="orari-titolo">
      <h2 id="orari-titolo" className="admin-section__title">
        Orari di apertura
      </h2>
      <p className="admin-section__lead">
        Sul sito ora: <strong>{openingHoursLine(content.hours)}</strong>. I giorni con gli stessi orari vengono
        raggruppati. Lascia vuota la seconda fascia se non serve.
      </p>
      <EditorForm form={form} version={baseVersion}>
        <div className="hours-editor">
          {fields.hours.getFieldList().map((dayField, index) => {
            const day = dayField.getFieldset() as unknown as {
              day: Field;
              closed: Field;
              ranges: FieldMetadata<{ opens: string; closes: string }[]>;
            };
            const name = dayNames[(day.day.initialValue ?? hours[index]!.day) as Weekday];
            const ranges = day.ranges.getFieldList();
            return (
              <fieldset key={dayField.key} className="hours-editor__day">
                <legend className="hours-editor__name">{name}</legend>
                <input type="hidden" name={day.day.name} value={hours[index]!.day} />
                <CheckboxField meta={day.closed} label="Chiuso" />
                {ranges.map((range, i) => {
                  const r = range.getFieldset() as unknown as { opens: Field; closes: Field };
                  return (
                    <div
                      key={range.key}
                      className="hours-editor__range"
                      role="group"
                      aria-label={`${name}, ${i === 0 ? "prima" : "seconda"} fascia`}
                    >
                      <TextField meta={r.opens} type="time" label={i === 0 ? "Apre alle" : "Riapre alle"} />
                      <TextField meta={r.closes} type="time" label="Chiude alle" />
                    </div>
                  );
                })}
                <ErrorList id={day.ranges.errorId} errors={day.ranges.errors} />
              </fieldset>
            );
          })}
        </div>
        <ErrorList id={fields.hours.errorId} errors={fields.hours.errors} />
      </EditorForm>
    </section>
  );
}
