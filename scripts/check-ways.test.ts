import { describe, expect, it } from "vitest";
import { countWays, type SourceFile } from "./check-ways";

const step = (files: SourceFile[], name: string) => countWays(files).find(({ step }) => step.name === name)!;
const places = (files: SourceFile[], name: string) =>
  Object.fromEntries(step(files, name).ways.map(({ way, places }) => [way.name, places]));

const pipelineRoute: SourceFile = {
  path: "app/routes/admin/things.tsx",
  text: `export async function loader() { return data({ x: 1 }); }
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request), schema);
  if (submission.status !== "success") return respond(request, flash, refusal(submission, "x"));
  return respond<Answer>(request, flash, { ok: true, message: "Fatto" }, { redirectTo: "/admin" });
}`,
};

describe("check:ways", () => {
  it("passes a route that follows the pipeline, and a loader's own data() is not an action's answer", () => {
    const counts = countWays([pipelineRoute]);
    expect(counts.every(({ ok }) => ok)).toBe(true);
    expect(places([pipelineRoute], "Answering an action").respond).toEqual([
      "app/routes/admin/things.tsx:4",
      "app/routes/admin/things.tsx:5",
    ]);
  });

  it("fails a second way to read a form, to answer, to check in the browser, to return a result", () => {
    const files: SourceFile[] = [
      pipelineRoute,
      {
        path: "app/routes/other.tsx",
        text: `export const action = async ({ request }: Route.ActionArgs) => {
  const form = await readFormData(request, 1000);
  if (form.get("intent") === "x") throw data("no", { status: 400 });
  return redirect("/");
};
export default function Screen() { const check = useSchemaFormMessage(schema, { fallback, show }); }`,
      },
      {
        path: "app/features/things/things.server.ts",
        text: `export class NotThere extends Error {}
export async function rename(form: FormData) { return { ok: false, status: 409 }; }`,
      },
    ];
    const failed = countWays(files)
      .filter(({ ok }) => !ok)
      .map(({ step }) => step.name);
    expect(failed).toEqual([
      "Reading a form on the server",
      "Checking a form in the browser",
      "Answering an action",
      "A feature function's result",
    ]);
    expect(places(files, "Reading a form on the server")["a field read with .get() and no schema"]).toEqual([
      "app/routes/other.tsx:3",
    ]);
    expect(places(files, "Answering an action")["a bare redirect()"]).toEqual(["app/routes/other.tsx:4"]);
  });

  it("counts an Error subclass that only rolls its transaction back as no other way", () => {
    const files: SourceFile[] = [
      {
        path: "app/features/things/things.server.ts",
        text: `/** Thrown inside the transaction: rolls the transaction back with the reason. */
class Refused extends Error {}
export async function rename(): Promise<Result<undefined, "gone">> { return refused("gone"); }`,
      },
    ];
    expect(step(files, "A feature function's result").ok).toBe(true);
  });

  it("fails a feature's path, a second mail shell and a direct publish, but not in comments or tests", () => {
    const files: SourceFile[] = [
      { path: "app/core/server/cache.ts", text: `import { x } from "~/features/reviews/x";` },
      { path: "app/core/server/note.ts", text: `// like app/features/reviews does\nconst a = 1;` },
      { path: "app/features/things/mail.ts", text: "const html = `<!doctype html><html><body>{x}</body></html>`;" },
      { path: "app/features/things/repo.server.ts", text: "await bus.publish({ table, action, id });" },
      { path: "app/features/things/repo.server.test.ts", text: "await bus.publish({ table, action, id });" },
    ];
    expect(places(files, "Feature names in the core")["a feature named in app/core or app/ui"]).toEqual([
      "app/core/server/cache.ts:1",
    ]);
    expect(step(files, "An e-mail's HTML").ok).toBe(false);
    expect(places(files, "Announcing a change")["bus.publish() directly"]).toEqual([
      "app/features/things/repo.server.ts:1",
    ]);
  });

  it("fails a module over 300 lines unless its first lines say why", () => {
    const long = Array.from({ length: 320 }, (_, i) => `const a${i} = ${i};`).join("\n");
    const name = "A module over 300 lines without its reason";
    expect(step([{ path: "app/features/things/big.ts", text: long }], name).ok).toBe(false);
    expect(
      step([{ path: "app/features/things/big.ts", text: `// Over 300 lines: one table's rows.\n${long}` }], name).ok,
    ).toBe(true);
    expect(step([{ path: "app/features/things/big.test.ts", text: long }], name).ok).toBe(true);
  });
});
