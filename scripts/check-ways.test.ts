import { describe, expect, it } from "vitest";
import { countWays, type SourceFile, staleKept } from "./check-ways";

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

  it("counts an Error subclass thrown and caught inside its feature as no other way, whatever its comment", () => {
    const files: SourceFile[] = [
      {
        path: "app/features/things/things.server.ts",
        text: `class Refused extends Error {}
export async function rename(): Promise<Result<undefined, "gone">> {
  try { throw new Refused("gone"); } catch (error) { if (error instanceof Refused) return refused("gone"); throw error; }
}`,
      },
    ];
    expect(step(files, "A feature function's result").ok).toBe(true);
  });

  it("fails an Error subclass a route catches by its class, even when its comment says it never leaves", () => {
    const files: SourceFile[] = [
      {
        path: "app/features/things/things.server.ts",
        text: `/** Not a refusal: it never leaves the module, and rolls the transaction back. */
export class Gone extends Error {}
export async function rename(): Promise<Result<undefined, "x">> { throw new Gone(); }`,
      },
      {
        path: "app/routes/things.tsx",
        text: `export async function action() { try { await rename(); } catch (error) { if (error instanceof Gone) return respond(r, f, a); } }`,
      },
    ];
    expect(places(files, "A feature function's result")["an Error subclass caught outside its feature"]).toEqual([
      "app/features/things/things.server.ts:2",
    ]);
  });

  it("fails Conform's useForm whatever its type arguments, and not in a comment or a string", () => {
    const form = (call: string): SourceFile[] => [
      {
        path: "app/features/things/thing-form.tsx",
        text: `import { useForm } from "@conform-to/react";
${call}`,
      },
    ];
    const name = "Checking a form in the browser";
    for (const call of [
      "const [form] = useForm<z.input<typeof schema>, z.output<typeof schema>>({ id });",
      "const [form] = useForm({ id });",
      "const [form] = useForm  <\n  Input\n>({ id });",
    ])
      expect(places(form(call), name)["Conform's useForm directly"]).toEqual(["app/features/things/thing-form.tsx:2"]);
    expect(step(form('// useForm<A>( is not used here\nconst text = "useForm(";'), name).ok).toBe(true);
    expect(step(form("const check = useSchemaForm(schema, { fallback });"), name).ok).toBe(true);
  });

  it("fails an `ok: true` union that is not Result, and passes Result and its own shape", () => {
    const file = (text: string): SourceFile[] => [{ path: "app/features/things/things.server.ts", text }];
    const name = "A feature function's result";
    const way = "an `ok: true` union that is not Result";
    expect(
      places(
        file(`export type SaveResult =
  | { ok: true; published: Content; unchanged?: true }
  | { ok: false; reason: "conflict"; current: Content };
type Answer<T> = { ok: true; records: T[] } | { ok: false; code: string };`),
        name,
      )[way],
    ).toEqual(["app/features/things/things.server.ts:2", "app/features/things/things.server.ts:4"]);
    expect(
      places(
        file(`export type BookingResult =
  | { ok: true; appointment: AppointmentRecord; manageToken: string }
  | Extract<Result<never, BookingRefusal>, { ok: false }>;`),
        name,
      )[way],
    ).toEqual(["app/features/things/things.server.ts:2"]);
    expect(step(file(`export type SaveResult = Result<{ published: Content }, "conflict", Content>;`), name).ok).toBe(
      true,
    );
    expect(step(file(`export type R = { ok: true; value: Photo } | { ok: false; reason: "busy" };`), name).ok).toBe(
      true,
    );
  });

  it("fails FormData taken by an exported feature function outside *.server, and passes a form built to send", () => {
    const name = "Reading a form on the server";
    const way = "raw FormData handed to a feature";
    const files: SourceFile[] = [
      {
        path: "app/features/things/thing-schema.ts",
        text: `export function typedValues(form: FormData): Values { return { name: String(form.get("name")) }; }`,
      },
      {
        path: "app/features/things/thing-form.tsx",
        text: `export const typedOthers = ({ form }: { form: FormData }) => form;
function send(body: FormData) { return fetch("/x", { method: "POST", body }); }
export function ThingForm() { const onSubmit = (event) => send(new FormData(event.currentTarget)); }`,
      },
    ];
    expect(places(files, name)[way]).toEqual([
      "app/features/things/thing-schema.ts:1",
      "app/features/things/thing-form.tsx:1",
    ]);
    const parsedFirst: SourceFile = {
      path: "app/features/things/thing-schema.ts",
      text: `export function typedValues(payload: Record<string, unknown>): Values { return { name: String(payload.name) }; }`,
    };
    expect(step([parsedFirst], name).ok).toBe(true);
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

  it("fails a module over 300 lines unless the kept list gives its reason; a comment is no reason", () => {
    const long = Array.from({ length: 320 }, (_, i) => `const a${i} = ${i};`).join("\n");
    const name = "A module over 300 lines, not kept";
    const big = (text: string, path = "app/features/things/big.ts"): SourceFile[] => [{ path, text }];
    expect(step(big(long), name).ok).toBe(false);
    expect(step(big(`// Over 300 lines: one table's rows.\n${long}`), name).ok).toBe(false);
    expect(
      countWays(big(long), undefined, { "app/features/things/big.ts": "One table's rows." }).every((c) => c.ok),
    ).toBe(true);
    expect(step(big(long, "app/features/things/big.test.ts"), name).ok).toBe(true);
    // The list stays true: a module split (or gone) leaves it.
    expect(staleKept(big("const a = 1;"), { "app/features/things/big.ts": "One table's rows." })).toEqual([
      "app/features/things/big.ts: 1 lines, no longer over 300",
    ]);
    expect(staleKept([], { "app/features/things/big.ts": "One table's rows." })).toEqual([
      "app/features/things/big.ts: no such module",
    ]);
  });

  it("fails statuses by reason outside the feature's refusal table, and a reason in snake_case", () => {
    const name = "Saying why a change was refused";
    const messages: SourceFile = {
      path: "app/features/things/messages.ts",
      text: `export const THING_REFUSALS = refusalTable({
  notFound: { message: THING_MESSAGES.notFound, status: 404 },
  taken: { message: THING_MESSAGES.taken, status: 409 },
});`,
    };
    const route = (text: string): SourceFile => ({ path: "app/routes/things.tsx", text });
    expect(
      step([messages, route("const { answer, status } = sayRefusal(THING_REFUSALS, result.reason);")], name).ok,
    ).toBe(true);
    const tables = [
      route(`const REFUSAL_STATUS = { place_unknown: 400, rate_limited: 429 } as const;`),
      {
        path: "app/routes/admin/thing-answer.server.ts",
        text: `const ANSWERS: Record<Refusal, { status: number; message: string }> = {
  notHoliday: { status: 400, message: M.notHoliday },
};`,
      },
      { path: "app/routes/admin/other.tsx", text: `const T = refusalTable({ gone: { message: "x", status: 404 } });` },
    ];
    expect(places([messages, ...tables], name)).toMatchObject({
      "a table of statuses by reason of its own": [
        "app/routes/things.tsx:1",
        "app/routes/admin/thing-answer.server.ts:1",
      ],
      "a refusal table outside the feature's messages.ts": ["app/routes/admin/other.tsx:1"],
    });
    const snake: SourceFile = {
      path: "app/features/things/messages.ts",
      text: `export const THING_REFUSALS = refusalTable({\n  too_late: { message: M.tooLate, status: 409 },\n});`,
    };
    expect(places([snake], name)["a reason not in camelCase"]).toEqual(["app/features/things/messages.ts:2"]);
    const refusing: SourceFile = {
      path: "app/features/things/things.server.ts",
      text: `export function f() { if (a) return refused("rate_limited"); return refused("gone", "a_detail"); }`,
    };
    expect(places([refusing], name)["a reason not in camelCase"]).toEqual(["app/features/things/things.server.ts:1"]);
    // A limit, an answer's status and a file's mode are no status table.
    const plain = route(
      `const a = { max: 500 }; const b = { status: 404, redirectTo: "/" }; mkdir(d, { mode: 0o700 });`,
    );
    expect(step([messages, plain], name).ok).toBe(true);
  });

  it("fails a module in app/routes that app/routes.ts does not name", () => {
    const name = "A module in app/routes that is no route";
    const table: SourceFile = {
      path: "app/routes.ts",
      text: `export default [index("routes/landing.tsx"), route("prenota", "routes/booking.tsx")] satisfies RouteConfig;`,
    };
    const files: SourceFile[] = [
      table,
      { path: "app/routes/landing.tsx", text: "export default function Landing() {}" },
      { path: "app/routes/booking.tsx", text: "export default function Booking() {}" },
      { path: "app/routes/booking-call.tsx", text: "export function BookingButton() {}" },
      { path: "app/routes/booking-call.test.ts", text: "it('x', () => {});" },
    ];
    expect(places(files, name)["not named in app/routes.ts"]).toEqual(["app/routes/booking-call.tsx:1"]);
    expect(step(files.slice(0, 3), name).ok).toBe(true);
  });
});
