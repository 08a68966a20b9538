/**
 * `npm run check:ways`: one way for each step of a change (docs/architecture.md "One pipeline for an
 * action"). For each step it lists the ways the code takes, found in each file's syntax tree (a call,
 * a type, a class: check-ways-syntax.ts), and fails when a step has more than its one way (feature
 * names in the core, modules over 300 lines not kept: more than none). Run by `npm test` and
 * `npm run check`; `--list` prints every place found.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  calls,
  callsIn,
  constructions,
  dataAnswers,
  errorClasses,
  exportedAction,
  exportedFunctions,
  htmlShells,
  httpStatuses,
  identifiers,
  instanceofNames,
  nodes,
  type Node,
  okTrueUnions,
  snakeCaseRefusals,
  type SourceFile,
  statusTables,
  tree,
  typeReferences,
} from "./check-ways-syntax.ts";
import { checkCoreNames, featureNames, KNOWN } from "./core-names.ts";

export type { SourceFile };

interface Context {
  /** The features' folder names. */
  features: string[];
  /** For each name tested with `instanceof`, the files that test it. */
  caught: Map<string, string[]>;
  /** Modules kept over 300 lines, each with its reason (scripts/check-ways-kept.json). */
  kept: Record<string, string>;
  /** The modules app/routes.ts names ("app/routes/…"), when it is among the files. */
  routeModules: Set<string> | undefined;
}

interface Way {
  /** What this way is, as the report names it. */
  name: string;
  /** The one way the step should take (counted, never a failure). */
  canonical?: boolean;
  /** Which files it is looked for in. */
  files: (file: SourceFile) => boolean;
  /** The nodes (or lines) in a file's syntax tree where this way is taken. */
  find: (ast: Node, file: SourceFile, context: Context) => (Node | number)[];
}

export interface Step {
  name: string;
  /** How many ways pass: one for the steps, none for feature names in the core. */
  allowed: number;
  ways: Way[];
}

const isTest = (file: SourceFile) => /\.test\.tsx?$|^tests\//.test(file.path);
const inApp = (file: SourceFile) => /^(app|server)\//.test(file.path) && !isTest(file);
const under =
  (...prefixes: string[]) =>
  (file: SourceFile) =>
    inApp(file) && prefixes.some((prefix) => file.path.startsWith(prefix));
const serverModule = (file: SourceFile) => /\.server\.tsx?$/.test(file.path);
// The composition's helpers (app/composition) answer actions for the routes: held to the same ways.
const routes = under("app/routes/", "app/composition/");
const features = under("app/features/");
const featureOf = (file: string) => /^app\/features\/([^/]+)\//.exec(file)?.[1];
/**
 * A feature's HTTP modules: the admin layout's middleware (it answers 401 or sends to the login
 * before any action runs) and the calendar feed's resource response. Not domain functions.
 */
const HTTP_MODULES = new Set([
  "app/features/account/admin-auth.server.ts",
  "app/features/booking/calendar-feed.server.ts",
]);
const domain = (file: SourceFile) => features(file) && !HTTP_MODULES.has(file.path);
const featureServer = (file: SourceFile) => domain(file) && serverModule(file);

/**
 * Where an action's answer is written: a route module's `action`, and the whole of a route's
 * server helper.
 */
const inAction = (find: (action: Node) => Node[]) => (ast: Node, file: SourceFile) => {
  const action = serverModule(file) ? ast : exportedAction(ast);
  return action ? find(action) : [];
};

/** A module longer than this is split, or kept with its reason in scripts/check-ways-kept.json. */
export const MODULE_MAX_LINES = 300;
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

export const STEPS: Step[] = [
  {
    name: "Reading a form on the server",
    allowed: 1,
    ways: [
      { name: "readForm in the route", canonical: true, files: routes, find: (ast) => calls(ast, "readForm") },
      {
        name: "readFormData outside the capped reader",
        files: (file) => inApp(file) && !file.path.startsWith("app/core/forms/"),
        find: (ast) => calls(ast, "readFormData"),
      },
      {
        name: "readUploadForm (an upload is an option of readForm)",
        files: (file) => inApp(file) && file.path !== "app/core/media/image-upload.server.ts",
        find: (ast) => calls(ast, "readUploadForm"),
      },
      {
        name: "request.formData()/json()/text()",
        files: inApp,
        find: (ast) => callsIn(ast, ({ name, on }) => on === "request" && /^(formData|json|text)$/.test(name ?? "")),
      },
      { name: "the feature reads the request", files: features, find: (ast) => calls(ast, "readForm") },
      {
        // On the server a feature gets the schema's values; in the browser a component may make a
        // FormData to send, but what a feature exports takes values already parsed.
        name: "raw FormData handed to a feature",
        files: domain,
        find: (ast, file) =>
          serverModule(file)
            ? identifiers(ast, "FormData")
            : exportedFunctions(ast).flatMap((fn) =>
                fn.params.flatMap((parameter) => typeReferences(parameter, "FormData")),
              ),
      },
      {
        name: "a field read with .get() and no schema",
        files: (file) => routes(file) || featureServer(file),
        find: (ast) =>
          callsIn(ast, ({ name, on }) => /^(get|getAll)$/.test(name ?? "") && /^(form|formData|body)$/.test(on ?? "")),
      },
    ],
  },
  {
    name: "Checking a form in the browser",
    allowed: 1,
    ways: [
      { name: "useSchemaForm", canonical: true, files: inApp, find: (ast) => calls(ast, "useSchemaForm") },
      { name: "useSchemaFormMessage", files: inApp, find: (ast) => calls(ast, "useSchemaFormMessage") },
      {
        name: "Conform's useForm directly",
        files: (file) => inApp(file) && !file.path.startsWith("app/core/forms/"),
        find: (ast) => calls(ast, "useForm"),
      },
    ],
  },
  {
    name: "Answering an action",
    allowed: 1,
    ways: [
      { name: "respond", canonical: true, files: routes, find: inAction((action) => calls(action, "respond")) },
      {
        name: "redirectWithToast directly",
        files: (file) => routes(file) || domain(file),
        find: (ast, file) =>
          features(file)
            ? calls(ast, "redirectWithToast")
            : inAction((action) => calls(action, "redirectWithToast"))(ast, file),
      },
      {
        name: "a bare redirect()",
        files: routes,
        find: inAction((action) => callsIn(action, ({ name, on }) => name === "redirect" && on === undefined)),
      },
      {
        name: "data() answered",
        files: routes,
        find: inAction((action) => dataAnswers(action, "ReturnStatement")),
      },
      {
        name: "a thrown data()",
        files: routes,
        find: inAction((action) => dataAnswers(action, "ThrowStatement")),
      },
      {
        name: "a Response made by hand",
        files: routes,
        find: inAction((action) => [
          ...constructions(action, "Response"),
          ...callsIn(action, ({ name, on }) => on === "Response" && name === "json"),
        ]),
      },
    ],
  },
  {
    name: "A feature function's result",
    allowed: 1,
    ways: [
      {
        name: "Result (succeeded / refused)",
        canonical: true,
        files: features,
        find: (ast) => [...calls(ast, "succeeded", "refused"), ...typeReferences(ast, "Result")],
      },
      { name: "an `ok: true` union that is not Result", files: features, find: (ast) => okTrueUnions(ast) },
      {
        name: "an HTTP status in a domain result",
        files: featureServer,
        find: (ast) => httpStatuses(ast),
      },
      {
        name: "ActionResult (the page's shape) from a feature",
        files: featureServer,
        find: (ast) => identifiers(ast, "ActionResult"),
      },
      {
        // Thrown and caught inside its feature (a transaction rolled back, an iteration stopped) is
        // the feature's own business, and a fault caught by the command line is no refusal; an error
        // a route or another module catches by its class is a refusal by exception.
        name: "an Error subclass caught outside its feature",
        files: features,
        find: (ast, file, { caught }) =>
          errorClasses(ast)
            .filter(({ name }) =>
              (caught.get(name) ?? []).some(
                (where) => where.startsWith("app/") && featureOf(where) !== featureOf(file.path),
              ),
            )
            .map(({ node }) => node),
      },
    ],
  },
  {
    name: "Saying why a change was refused",
    allowed: 1,
    ways: [
      {
        name: "the feature's refusal table (refusalTable in messages.ts)",
        canonical: true,
        files: (file) => features(file) && file.path.endsWith("/messages.ts"),
        find: (ast) => calls(ast, "refusalTable"),
      },
      {
        name: "a table of statuses by reason of its own",
        files: (file) => inApp(file) && file.path !== "app/core/forms/refusals.ts",
        find: (ast) => statusTables(ast),
      },
      {
        name: "a refusal table outside the feature's messages.ts",
        files: (file) => inApp(file) && !(features(file) && file.path.endsWith("/messages.ts")),
        find: (ast) => calls(ast, "refusalTable"),
      },
      {
        name: "a reason not in camelCase",
        files: inApp,
        find: (ast) => snakeCaseRefusals(ast),
      },
    ],
  },
  {
    name: "Announcing a change",
    allowed: 1,
    ways: [
      { name: "changeAnnouncer", canonical: true, files: features, find: (ast) => calls(ast, "changeAnnouncer") },
      {
        name: "bus.publish() directly",
        files: (file) => inApp(file) && !file.path.startsWith("app/core/events/"),
        find: (ast) => callsIn(ast, ({ name, on }) => name === "publish" && on !== undefined),
      },
    ],
  },
  {
    name: "An e-mail's HTML",
    allowed: 1,
    ways: [
      { name: "renderMail", canonical: true, files: features, find: (ast) => calls(ast, "renderMail") },
      {
        name: "an HTML shell of its own",
        files: (file) => (features(file) || under("app/core/mail/")(file)) && !file.path.endsWith("mail-layout.ts"),
        find: (ast) => htmlShells(ast),
      },
    ],
  },
  {
    name: "A module over 300 lines, not kept",
    allowed: 0,
    ways: [
      {
        name: "over 300 lines and not in scripts/check-ways-kept.json",
        files: (file) => inApp(file) && lineCount(file.text) > MODULE_MAX_LINES,
        find: (_ast, file, { kept }) => (file.path in kept ? [] : [1]),
      },
    ],
  },
  {
    name: "A module in app/routes that is no route",
    allowed: 0,
    ways: [
      {
        // A component or a helper the routes share lives in app/composition (or its feature, or app/ui).
        name: "not named in app/routes.ts",
        files: (file) => file.path.startsWith("app/routes/") && !isTest(file),
        find: (_ast, file, { routeModules }) => (routeModules && !routeModules.has(file.path) ? [1] : []),
      },
    ],
  },
  {
    name: "Feature names in the core",
    allowed: 0,
    ways: [
      {
        // The core-names check (decision 49): a feature's path or folder name outside comments, places
        // known when it was written listed in scripts/core-names-known.json (the schema too, decision 81).
        name: "a feature named in app/core or app/ui",
        files: under("app/core/", "app/ui/"),
        find: (_ast, file, { features }) =>
          featureNames(file.path, file.text, features)
            .filter(({ text }) => !KNOWN.includes(`${file.path}: ${text}`))
            .map(({ line }) => line),
      },
    ],
  },
];

export interface StepCount {
  step: Step;
  ways: { way: Way; places: string[] }[];
  /** Ways taken somewhere; the canonical one counts as one of them. */
  taken: number;
  ok: boolean;
}

/** The modules kept over 300 lines, each with its reason: the one list the length step reads. */
export const KEPT_FILE = "scripts/check-ways-kept.json";

export function countWays(files: SourceFile[], steps: Step[] = STEPS, kept: Record<string, string> = {}): StepCount[] {
  const features = [...new Set(files.flatMap((file) => /^app\/features\/([^/]+)\//.exec(file.path)?.[1] ?? []))];
  const caught = new Map<string, string[]>();
  for (const file of files.filter((file) => !/\.test\.tsx?$/.test(file.path)))
    for (const name of instanceofNames(tree(file).root)) caught.set(name, [...(caught.get(name) ?? []), file.path]);
  const table = files.find((file) => file.path === "app/routes.ts");
  const routeModules = table
    ? new Set(
        nodes(tree(table).root, (node) => node.type === "StringLiteral" && /^routes\//.test(node.value)).map(
          (node) => `app/${node.value}`,
        ),
      )
    : undefined;
  const context = { features, caught, kept, routeModules };
  return steps.map((step) => {
    const ways = step.ways.map((way) => ({
      way,
      places: files
        .filter(way.files)
        .flatMap((file) =>
          way
            .find(tree(file).root, file, context)
            .map((place) => `${file.path}:${typeof place === "number" ? place : tree(file).lineOf(place)}`),
        ),
    }));
    const taken = ways.filter(({ places }) => places.length > 0).length;
    // The canonical way may be missing (a step nobody takes yet); any other way taken fails.
    const others = ways.filter(({ way, places }) => !way.canonical && places.length > 0).length;
    return { step, ways, taken, ok: step.allowed === 0 ? taken === 0 : others === 0 };
  });
}

/** Entries of the kept list that are no longer true: the file is gone, or no longer over 300 lines. */
export function staleKept(files: SourceFile[], kept: Record<string, string>): string[] {
  const lengths = new Map(files.map((file) => [file.path, lineCount(file.text)]));
  return Object.entries(kept).flatMap(([file, reason]) => {
    const lines = lengths.get(file);
    if (lines === undefined) return [`${file}: no such module`];
    if (lines <= MODULE_MAX_LINES) return [`${file}: ${lines} lines, no longer over ${MODULE_MAX_LINES}`];
    return reason.trim() === "" ? [`${file}: no reason given`] : [];
  });
}

function sourceFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const top of ["app", "server"]) {
    for (const entry of readdirSync(path.join(root, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const full = path.join(entry.parentPath, entry.name);
      const relative = path.relative(root, full).split(path.sep).join("/");
      if (relative.includes("/+types/")) continue;
      files.push({ path: relative, text: readFileSync(full, "utf8") });
    }
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const list = process.argv.includes("--list");
  const files = sourceFiles(root);
  const kept: Record<string, string> = existsSync(path.join(root, KEPT_FILE))
    ? JSON.parse(readFileSync(path.join(root, KEPT_FILE), "utf8"))
    : {};
  const counts = countWays(files, STEPS, kept);
  for (const { step, ways, taken, ok } of counts) {
    console.log(
      `${ok ? "ok  " : "FAIL"} ${step.name}: ${taken} way${taken === 1 ? "" : "s"} (at most ${step.allowed})`,
    );
    for (const { way, places } of ways) {
      if (places.length === 0) continue;
      console.log(`       ${way.canonical ? "the one way " : "another way "} ${way.name}: ${places.length} place(s)`);
      const shown = list || (!way.canonical && !ok) ? places : [];
      for (const place of shown.slice(0, list ? places.length : 8)) console.log(`           ${place}`);
      if (!list && shown.length > 8) console.log(`           … ${shown.length - 8} more (--list)`);
    }
  }
  // The known list stays true: a place moved out of the core leaves it.
  const gone = checkCoreNames(root).gone;
  for (const entry of gone) console.error(`no longer found, remove it from scripts/core-names-known.json: ${entry}`);
  const stale = staleKept(files, kept);
  for (const entry of stale) console.error(`not true any more, fix it in ${KEPT_FILE}: ${entry}`);
  if (counts.some(({ ok }) => !ok) || gone.length > 0 || stale.length > 0) {
    console.error(
      "check:ways: a step of a change is taken more than one way (docs/architecture.md, One pipeline for an action)",
    );
    process.exit(1);
  }
}
