import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { type MouseEvent, type ReactNode, useState } from "react";
import { CheckboxField, TextField } from "~/core/forms/conform-fields";
import { ErrorList } from "~/core/forms/field";
import { dayNames } from "../hours";
import { type DayHours, type Weekday, weekdays } from "../site-content";

type Field = FieldMetadata<string | undefined>;
/** A week's list field, whatever form it sits in (each studio's, the online visits'). */
type WeekField = Pick<FieldMetadata<unknown[]>, "errorId" | "errors" | "name" | "value"> & {
  getFieldList(): { key: string | undefined; name: string; getFieldset(): unknown }[];
};
type DayFieldset = { day: Field; closed: Field; ranges: FieldMetadata<{ opens: string; closes: string }[]> };
/** The two Conform intents the week's buttons use (any editor form has them). */
type WeekForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "update">;

/** A day as the form holds it: "closed" ticked ("on") or up to two ranges, as typed. */
type DayFormValue = { day?: string; closed?: string; ranges?: { opens?: string; closes?: string }[] };

/** The name of the button that copies a day onto the others; its value is the day's field ("studios[0].hours[0]"). */
export const COPY_DAY = "copia";

/** A day's usual hours, one tap each instead of four times typed. */
export const DAY_PRESETS = [
  { label: "Mattina 9–13", ranges: [{ opens: "09:00", closes: "13:00" }] },
  { label: "Pomeriggio 14–19", ranges: [{ opens: "14:00", closes: "19:00" }] },
  {
    label: "Giornata 9–13 e 14–19",
    ranges: [
      { opens: "09:00", closes: "13:00" },
      { opens: "14:00", closes: "19:00" },
    ],
  },
] as const;

/** A week as the hours form starts it: per day, "closed" ticked or its two ranges (the second empty if unused). */
export function weekFormValue(week: DayHours[]) {
  return week.map((day) => ({
    day: day.day,
    closed: day.ranges.length ? undefined : "on",
    ranges: [0, 1].map((i) => day.ranges[i] ?? { opens: "", closes: "" }),
  }));
}

/** The week with day `from`'s hours (closed, or its ranges) on every other day; each day keeps its name. */
export function weekWithDayCopied(week: DayFormValue[], from: number): DayFormValue[] {
  const source = week[from];
  return week.map((day, index) =>
    index === from || !source || isClosed(day)
      ? day
      : { day: day.day, closed: source.closed, ranges: source.ranges?.map((r) => ({ ...r })) },
  );
}

/** A day she marked closed: a copy never reopens it (she unticks "Chiuso" first if she wants it open). */
const isClosed = (day: DayFormValue) => day.closed === "on";

/** A preset's button text: its hours only ("9–13"); the full label ("Mattina 9–13") is its name. */
const presetHours = (label: string) => label.replace(/^\S+ /, "");

/**
 * A disclosure opened when `open` becomes true (an error, a filled second range, the day or place a
 * button's answer was for), then left to her: a value she clears never folds it under her fingers.
 */
export function Disclosure({
  open,
  className,
  label,
  summary,
  children,
}: {
  open: boolean;
  className: string;
  label?: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <details className={className} aria-label={label} open={opened || undefined}>
      {summary}
      {children}
    </details>
  );
}

const hasErrors = (field: { allErrors: Record<string, unknown> }) => Object.keys(field.allErrors).length > 0;

/**
 * One place's week in the hours form, two short lines a day (the step was 7.6 screens on a
 * phone): the day's name and "Chiuso", then its first range and "Altro", which holds the second
 * range (e.g. 9:00–13:00 and 15:00–19:00), the usual hours one tap each and "Copia sui giorni
 * aperti"; open by itself when the day has a second range. A closed day is its first line only.
 * Each button works without JavaScript (a preset is Conform's update intent; the copy is answered by
 * the server with the form filled in); with it, in place. `answered`: the field a button's answer
 * without JavaScript was for, whose day stays open.
 */
export function WeekFields({ week, form, answered = "" }: { week: WeekField; form: WeekForm; answered?: string }) {
  return (
    <div className="hours-editor">
      {week.getFieldList().map((dayField, index) => {
        const day = dayField.getFieldset() as DayFieldset;
        const weekday = weekdays[index] as Weekday;
        const name = dayNames[weekday];
        const copy = (event: MouseEvent<HTMLButtonElement>) => {
          // In place, from what the form holds now (typed, not yet saved); without JavaScript the server does it.
          event.preventDefault();
          form.update({
            name: week.name,
            value: weekWithDayCopied((week.value ?? []) as DayFormValue[], index) as never,
          });
        };
        const [first, second] = day.ranges.getFieldList();
        const secondValue = second?.value as { opens?: string; closes?: string } | undefined;
        const more =
          Boolean(secondValue?.opens || secondValue?.closes) ||
          hasErrors(day.ranges) ||
          answered === dayField.name ||
          answered.startsWith(`${dayField.name}.`);
        return (
          // Keyed by its day, not by the field's key, which a preset or the copy renews: "Altro" stays as she left it.
          <fieldset key={weekday} className="hours-editor__day">
            <legend className="hours-editor__name">{name}</legend>
            <input type="hidden" name={day.day.name} value={weekday} />
            <CheckboxField meta={day.closed} label="Chiuso" />
            {first ? <DayRange range={first} name={name} second={false} /> : null}
            <Disclosure
              open={more}
              className="hours-editor__more"
              summary={
                <summary className="hours-editor__more-summary">
                  Altro<span className="visually-hidden"> per {name.toLowerCase()}</span>
                </summary>
              }
            >
              {second ? <DayRange range={second} name={name} second /> : null}
              <div className="hours-editor__presets" role="group" aria-label={`${name}, orari frequenti`}>
                {DAY_PRESETS.map((preset) => (
                  <button
                    key={preset.label}
                    aria-label={preset.label}
                    className="button button--small button--secondary"
                    {...form.update.getButtonProps({
                      name: dayField.name,
                      value: {
                        day: weekday,
                        ranges: [preset.ranges[0], preset.ranges[1] ?? { opens: "", closes: "" }],
                      },
                    })}
                  >
                    {presetHours(preset.label)}
                  </button>
                ))}
              </div>
              <button
                type="submit"
                name={COPY_DAY}
                value={dayField.name}
                className="button button--small button--secondary hours-editor__copy"
                onClick={copy}
              >
                Copia sui giorni aperti<span className="visually-hidden"> gli orari di {name.toLowerCase()}</span>
              </button>
            </Disclosure>
            <div className="hours-editor__errors">
              <ErrorList id={day.ranges.errorId} errors={day.ranges.errors} />
            </div>
          </fieldset>
        );
      })}
      <ErrorList id={week.errorId} errors={week.errors} />
    </div>
  );
}

type RangeField = { getFieldset(): { opens: Field; closes: Field } };

/** One range of a day: two times and a dash; the labels ("Apre alle"…) are read, not shown. */
function DayRange({ range, name, second }: { range: RangeField; name: string; second: boolean }) {
  const r = range.getFieldset();
  return (
    <div className="hours-editor__range" role="group" aria-label={`${name}, ${second ? "seconda" : "prima"} fascia`}>
      <TextField
        meta={r.opens}
        type="time"
        label={<span className="visually-hidden">{second ? "Riapre alle" : "Apre alle"}</span>}
      />
      <span className="hours-editor__dash" aria-hidden="true">
        –
      </span>
      <TextField meta={r.closes} type="time" label={<span className="visually-hidden">Chiude alle</span>} />
    </div>
  );
}
