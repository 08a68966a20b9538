import { describe, expect, it } from "vitest";
import { editorSchema } from "~/features/site-content/editor-groups";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { weekdays } from "~/features/site-content/site-content";
import { dayCopySchema, formWithDayCopied } from "./hours-copy.server";

/** A week's fields as the hours form posts them: Monday 9–13 and 14–19, Tuesday to Friday 10–12, the weekend closed. */
function week(prefix: string): [string, string][] {
  return weekdays.flatMap((day, i): [string, string][] => [
    [`${prefix}[${i}].day`, day],
    ...(i === 0
      ? ([
          [`${prefix}[0].ranges[0].opens`, "09:00"],
          [`${prefix}[0].ranges[0].closes`, "13:00"],
          [`${prefix}[0].ranges[1].opens`, "14:00"],
          [`${prefix}[0].ranges[1].closes`, "19:00"],
        ] as [string, string][])
      : i < 5
        ? ([
            [`${prefix}[${i}].ranges[0].opens`, "10:00"],
            [`${prefix}[${i}].ranges[0].closes`, "12:00"],
          ] as [string, string][])
        : ([[`${prefix}[${i}].closed`, "on"]] as [string, string][])),
  ]);
}

function hoursForm(copy: string) {
  const form = new FormData();
  const entries: [string, string][] = [
    ["version", "3"],
    ["studios[0].key", "milano"],
    ...week("studios[0].hours"),
    ...week("onlineHours"),
    ["copia", copy],
  ];
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("Copia sui giorni aperti, without JavaScript", () => {
  it("answers the form with Monday's hours on that week's open days only, closed days kept, and saves nothing", () => {
    const form = hoursForm("studios[0].hours[0]");
    const copy = parseSubmission(form, dayCopySchema);
    expect(copy.status).toBe("success");
    const submission = parseSubmission(formWithDayCopied(form, "studios[0].hours[0]"), editorSchema("orari"), {
      disableAutoCoercion: true,
    });
    // An intent, not a save: the action answers the form again.
    expect(submission.status).toBeUndefined();
    const value = submission.reply().initialValue as {
      studios: { hours: { day: string; closed?: string; ranges?: { opens: string }[] }[] }[];
      onlineHours: { closed?: string; ranges?: { opens: string }[] }[];
    };
    const studioWeek = value.studios[0]?.hours ?? [];
    expect(studioWeek.map((day) => day.day)).toEqual([...weekdays]);
    for (const day of studioWeek.slice(0, 5)) {
      expect(day.closed).toBeUndefined();
      expect(day.ranges?.map((range) => range.opens)).toEqual(["09:00", "14:00"]);
    }
    // Saturday and Sunday were closed: a copy never reopens them.
    for (const day of studioWeek.slice(5)) {
      expect(day.closed).toBe("on");
      expect(day.ranges).toBeUndefined();
    }
    // The other week is untouched.
    expect(value.onlineHours.slice(1, 5).every((day) => day.ranges?.[0]?.opens === "10:00")).toBe(true);
    expect(value.onlineHours.slice(5).every((day) => day.closed === "on")).toBe(true);
  });

  it("reads only a day of a week the form has; anything else is a plain save", () => {
    for (const bad of ["studios[0].hours[7]", "zz[0]", "studios[0].hours", "onlineHours[0].closed"])
      expect(parseSubmission(hoursForm(bad), dayCopySchema).status, bad).toBe("error");
  });
});
