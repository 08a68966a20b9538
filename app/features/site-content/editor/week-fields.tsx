import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { dayNames } from "../hours";
import { type DayHours, type Weekday, weekdays } from "../site-content";

type Field = FieldMetadata<string | undefined>;
/** A week's list field, whatever form it sits in (each studio's, the online visits'). */
type WeekField = Pick<FieldMetadata<unknown[]>, "errorId" | "errors"> & {
  getFieldList(): { key: string | undefined; getFieldset(): unknown }[];
};
type DayFieldset = { day: Field; closed: Field; ranges: FieldMetadata<{ opens: string; closes: string }[]> };

/** A week as the hours form starts it: per day, "closed" ticked or its two ranges (the second empty if unused). */
export function weekFormValue(week: DayHours[]) {
  return week.map((day) => ({
    day: day.day,
    closed: day.ranges.length ? undefined : "on",
    ranges: [0, 1].map((i) => day.ranges[i] ?? { opens: "", closes: "" }),
  }));
}

/** One place's week in the hours form: per day, closed, or one or two ranges (e.g. 9:00–13:00 and 15:00–19:00). */
export function WeekFields({ week }: { week: WeekField }) {
  return (
    <div className="hours-editor">
      {week.getFieldList().map((dayField, index) => {
        const day = dayField.getFieldset() as DayFieldset;
        const weekday = weekdays[index] as Weekday;
        const name = dayNames[weekday];
        return (
          <fieldset key={dayField.key} className="hours-editor__day">
            <legend className="hours-editor__name">{name}</legend>
            <input type="hidden" name={day.day.name} value={weekday} />
            <CheckboxField meta={day.closed} label="Chiuso" />
            {day.ranges.getFieldList().map((range, i) => {
              const r = range.getFieldset();
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
      <ErrorList id={week.errorId} errors={week.errors} />
    </div>
  );
}
