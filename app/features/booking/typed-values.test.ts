import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { typedValues } from "~/core/forms/typed-values";
import { bookingSchema, EMPTY_BOOKING_VALUES } from "./booking-schema";
import { EMPTY_WAITING_LIST_VALUES } from "./waiting-list-form";
import { waitingListSchema } from "./waiting-list-schema";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the values a refused form shows again, read from Conform's reply", () => {
  it("keeps what she typed in the booking form, the consent unticked, a field sent twice by its first value", () => {
    const submission = parseSubmission(
      form([
        ["name", "Maria Rossi"],
        ["name", "Altro nome"],
        ["email", "non-una-mail"],
        ["phone", "abc"],
      ]),
      bookingSchema,
    );
    expect(submission.status).toBe("error");
    expect(typedValues(submission.reply(), EMPTY_BOOKING_VALUES)).toEqual({
      name: "Maria Rossi",
      email: "non-una-mail",
      phone: "abc",
      note: "",
      consent: false,
    });
  });

  it("keeps the waiting list's days and times of day, one ticked or several, and the consent", () => {
    const one = parseSubmission(
      form([
        ["name", "Anna Verdi"],
        ["giorni", "2"],
        ["consent", "on"],
      ]),
      waitingListSchema,
    );
    expect(typedValues(one.reply(), EMPTY_WAITING_LIST_VALUES)).toEqual({
      name: "Anna Verdi",
      email: "",
      giorni: ["2"],
      fasce: [],
      consent: true,
    });
    const several = parseSubmission(
      form([
        ["giorni", "1"],
        ["giorni", "3"],
        ["fasce", "mattina"],
        ["fasce", "sera"],
      ]),
      waitingListSchema,
    );
    expect(typedValues(several.reply(), EMPTY_WAITING_LIST_VALUES)).toMatchObject({
      giorni: ["1", "3"],
      fasce: ["mattina", "sera"],
      consent: false,
    });
  });
});
