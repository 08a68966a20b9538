import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accountActionSchema } from "~/features/account/account-forms";
import { editorSchema } from "~/features/site-content/editor-groups";
import { reviewSchema } from "~/features/reviews/review-schema";
import { readFormData } from "./form-data.server";
import { namedFields, parseSubmission } from "./parse-submission.server";
import { REQUEST_MESSAGES } from "./respond.server";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};
const namesOf = (form: FormData) => [...form.keys()];

const studio = (i: number): [string, string][] => [
  [`studios[${i}].name`, `Studio ${i + 1}`],
  [`studios[${i}].street`, "Via Roma 1"],
  [`studios[${i}].postalCode`, "20100"],
  [`studios[${i}].city`, "Milano"],
  [`studios[${i}].province`, "MI"],
  [`studios[${i}].mapsUrl`, ""],
];

describe("a form is read only where its schema names a field", () => {
  it("drops a field the schema does not name, whatever its index: the refusal sends back only named fields", () => {
    const submission = parseSubmission(
      formOf([
        ["name", "Anna"],
        ["content", "Bene"],
        ["rating", "5"],
        ["zz[10000000]", "x"],
        ["zz[100000000]", "x"],
        ["__state__", '{"validated":{"zz":true}}'],
      ]),
      reviewSchema,
    );
    if (submission.status === "success") throw new Error("accepted without consent");
    expect(submission.error?.consent?.[0]).toBe("Per pubblicare la recensione serve il tuo consenso");
    const reply = submission.reply();
    expect(reply.initialValue).toEqual({ name: "Anna", content: "Bene", rating: "5" });
    expect(reply.fields).toEqual(["name", "content", "rating"]);
    expect(reply.state).toBeUndefined();
    // Before, the reply held an array of a hundred million entries (the process ran out of memory).
    expect(JSON.stringify(reply).length).toBeLessThan(1000);
  });

  it("caps each list's indexes by the list's own .max(): a fifth studio, or the 100,001st, is not read", () => {
    const form = formOf([
      ["version", "3"],
      ...studio(0),
      ...studio(3),
      ["studios[4].name", "Quinto"],
      ["studios[100000].name", "x"],
      ["studios[99999999999].name", "x"],
    ]);
    const kept = namedFields(form, editorSchema("studi"));
    expect(namesOf(kept)).toEqual(["version", ...studio(0).map(([n]) => n), ...studio(3).map(([n]) => n)]);
    const submission = parseSubmission(form, editorSchema("studi"), { disableAutoCoercion: true });
    expect(JSON.stringify(submission.reply()).length).toBeLessThan(2000);
  });

  it("reads nested lists (a day's two time ranges) and nothing past them", () => {
    const kept = namedFields(
      formOf([
        ["onlineHours[6].day", "sunday"],
        ["onlineHours[6].closed", "on"],
        ["onlineHours[6].ranges[1].opens", "9:00"],
        ["onlineHours[6].ranges[2].opens", "9:00"],
        ["onlineHours[7].day", "monday"],
        ["onlineHours[0].ranges[0].extra", "x"],
      ]),
      editorSchema("orari"),
    );
    expect(namesOf(kept)).toEqual(["onlineHours[6].day", "onlineHours[6].closed", "onlineHours[6].ranges[1].opens"]);
  });

  it("drops malformed paths and names of the object machinery, and keeps a one-value field's first value only", () => {
    const kept = namedFields(
      formOf([
        ["studios[0]name", "a"],
        ["[0]", "a"],
        ["studios..name", "a"],
        [".version", "1"],
        ["studios[].name", "a"],
        ["studios[-1].name", "a"],
        ["studios[0].name.", "a"],
        ["__proto__", "a"],
        ["constructor.name", "a"],
        ["version", "1"],
        ["version", "2"],
        ["studios[00].name", "Zero"],
      ]),
      editorSchema("studi"),
    );
    expect([...kept.entries()]).toEqual([
      ["version", "1"],
      ["studios[0].name", "Zero"],
    ]);
  });

  it("reads every option of a union: each account form's fields, none other", () => {
    const kept = namedFields(
      formOf([
        ["intent", "password"],
        ["current", "a"],
        ["next", "b"],
        ["confirm", "b"],
        ["code", "123456"],
        ["role", "admin"],
      ]),
      accountActionSchema,
    );
    expect(namesOf(kept)).toEqual(["intent", "current", "next", "confirm", "code"]);
  });

  it("keeps a list button's intent for a list the schema names, rewritten with what the list may hold", () => {
    const insert = JSON.stringify({
      type: "insert",
      payload: { name: "studios", defaultValue: { name: "", city: "Roma", admin: "yes" } },
    });
    const kept = namedFields(formOf([["version", "1"], ...studio(0), ["__intent__", insert]]), editorSchema("studi"));
    expect(JSON.parse(String(kept.get("__intent__")))).toEqual({
      type: "insert",
      payload: { name: "studios", defaultValue: { name: "", city: "Roma" } },
    });
    const submission = parseSubmission(kept, editorSchema("studi"), { disableAutoCoercion: true });
    expect(submission.status).toBeUndefined();
    expect(submission.reply().initialValue).toMatchObject({ studios: [{ name: "Studio 1" }, { city: "Roma" }] });

    const refused = [
      { type: "insert", payload: { name: "zz", defaultValue: "x" } },
      { type: "insert", payload: { name: "studios", index: 100000 } },
      { type: "remove", payload: { name: "studios", index: 1e9 } },
      { type: "reorder", payload: { name: "studios", from: 0, to: 100000 } },
      { type: "update", payload: { name: "studios[100000].name", value: "x" } },
      { type: "reset", payload: { name: "studios[100000]" } },
    ];
    for (const intent of refused) {
      const form = formOf([["version", "1"], ...studio(0), ["__intent__", JSON.stringify(intent)]]);
      expect(namedFields(form, editorSchema("studi")).has("__intent__"), JSON.stringify(intent)).toBe(false);
    }
    expect(namedFields(formOf([["__intent__", "{not json"]]), editorSchema("studi")).has("__intent__")).toBe(false);
  });

  it("keeps a preset's update intent with its value as the field may hold it, and a validate intent", () => {
    const update = JSON.stringify({
      type: "update",
      payload: { name: "studios[0].name", value: "x".repeat(2000), admin: "yes" },
    });
    const kept = namedFields(formOf([["version", "1"], ...studio(0), ["__intent__", update]]), editorSchema("studi"));
    const intent = JSON.parse(String(kept.get("__intent__")));
    expect(intent.payload.name).toBe("studios[0].name");
    expect(intent.payload.admin).toBeUndefined();
    expect(intent.payload.value.length).toBeLessThan(2000);
    const submission = parseSubmission(kept, editorSchema("studi"), { disableAutoCoercion: true });
    expect(submission.status).toBeUndefined();
    expect(submission.reply().initialValue).toMatchObject({ studios: [{ name: intent.payload.value }] });

    const validate = JSON.stringify({ type: "validate", payload: { name: "studios[0]", extra: "x" } });
    const checked = namedFields(
      formOf([["version", "1"], ...studio(0), ["__intent__", validate]]),
      editorSchema("studi"),
    );
    expect(JSON.parse(String(checked.get("__intent__")))).toEqual({
      type: "validate",
      payload: { name: "studios[0]" },
    });
    const unknown = JSON.stringify({ type: "validate", payload: { name: "zz" } });
    expect(namedFields(formOf([["__intent__", unknown]]), editorSchema("studi")).has("__intent__")).toBe(false);
  });

  it("refuses to read a schema whose list has no cap: its indexes would be unbounded", () => {
    expect(() => namedFields(new FormData(), z.object({ tags: z.array(z.string()) }))).toThrow(/\.max\(\)/);
    expect(() => namedFields(new FormData(), z.object({ any: z.record(z.string(), z.string()) }))).toThrow(/z\.record/);
  });

  it("keeps a list of values sent under one name up to the list's cap", () => {
    const kept = namedFields(
      formOf([
        ["tags", "a"],
        ["tags", "b"],
        ["tags", "c"],
      ]),
      z.object({ tags: z.array(z.string()).max(2) }),
    );
    expect(kept.getAll("tags")).toEqual(["a", "b"]);
  });

  it("sends back each value cut to what its field may hold, in lists too", () => {
    const submission = parseSubmission(
      formOf([
        ["name", "n".repeat(30_000)],
        ["content", "c".repeat(30_000)],
        ["rating", "9".repeat(5_000)],
      ]),
      reviewSchema,
    );
    if (submission.status === "success") throw new Error("accepted without consent");
    expect(submission.error?.name?.[0]).toBeDefined();
    const values = submission.reply().initialValue as Record<string, string>;
    expect(values.name).toBe("n".repeat(80));
    expect(values.content).toBe("c".repeat(2000));
    // A number has no length in its schema: a thousand characters at most.
    expect(values.rating).toHaveLength(1000);

    const list = z.object({ tags: z.array(z.string().max(5)).max(2) });
    const tags = parseSubmission(formOf([["tags[0]", "x".repeat(100)]]), list).reply().initialValue;
    expect(tags).toEqual({ tags: ["xxxxx"] });
  });
});

describe("a field cut on reading (longer than any form's)", () => {
  const post = (body: string) =>
    readFormData(
      new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
      10_000_000,
    );

  it("is refused by its field's own rule when the field has one", async () => {
    const schema = z.object({ text: z.string().max(5000, "Testo troppo lungo") });
    const submission = parseSubmission(await post(`text=${"a".repeat(100_000)}`), schema);
    expect(submission.status === "error" && submission.error?.text).toEqual(["Testo troppo lungo"]);
  });

  it("is never accepted cut, even where the schema would take any length", async () => {
    const schema = z.object({ text: z.string() });
    const submission = parseSubmission(await post(`text=${"a".repeat(100_000)}`), schema);
    expect(submission.status === "error" && submission.error?.[""]).toEqual([REQUEST_MESSAGES.tooLarge]);
    const whole = parseSubmission(await post(`text=${"a".repeat(1000)}`), schema);
    expect(whole.status).toBe("success");
  });
});
