/**
 * `npm run check:ways`: one way for each step of a change (issue 42, docs/architecture.md "One
 * pipeline for an action"). For each step it lists the ways the code takes, by the marks each way
 * leaves in the source, and fails when a step has more than its one way (feature names in the core:
 * more than none). Run by `npm test` and `npm run check`; `--list` prints every place found.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkCoreNames, EXEMPT, featureNames, KNOWN } from "./core-names.ts";

export interface SourceFile {
  /** Relative to the repository, with forward slashes. */
  path: string;
  text: string;
}

interface Way {
  /** What this way is, as the report names it. */
  name: string;
  /** The one way the step should take (counted, never a failure). */
  canonical?: boolean;
  /** Which files it is looked for in. */
  files: (file: SourceFile) => boolean;
  /** The places in a file's code (comments removed) where this way is taken. */
  find: (code: string, file: SourceFile, tree: { features: string[] }) => number[];
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
const routes = under("app/routes/");
const features = under("app/features/");
/**
 * A feature's HTTP modules: the admin layout's middleware (it answers 401 or sends to the login
 * before any action runs) and the calendar feed's resource response. Not domain functions.
 */
const HTTP_MODULES = new Set([
  "app/features/account/admin-auth.server.ts",
  "app/features/booking/calendar-feed.server.ts",
]);
const featureServer = (file: SourceFile) => features(file) && serverModule(file) && !HTTP_MODULES.has(file.path);

/** The line numbers (1-based) of each match of `pattern` in `code`. */
function lines(pattern: RegExp, code: string): number[] {
  const found: number[] = [];
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (const match of code.matchAll(global)) found.push(code.slice(0, match.index).split("\n").length);
  return found;
}

const matches = (pattern: RegExp) => (code: string) => lines(pattern, code);

/**
 * The code of a route module's action (the function after `export … action`, brace to brace), and
 * the whole of a route's server helper: where an action's answer is written.
 */
function actionCode(code: string, file: SourceFile): string {
  if (serverModule(file)) return code;
  const start = code.search(/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\s*=/);
  if (start < 0) return "";
  // Past the parameters (a destructuring brace is not the body), then the body: a block, or an arrow's expression.
  let i = matching(code, code.indexOf("(", start), "(", ")") + 1;
  while (i < code.length && code[i] !== "{" && !code.startsWith("=>", i)) i++;
  if (code.startsWith("=>", i)) {
    i += 2;
    while (/\s/.test(code[i] ?? "")) i++;
  }
  const end = code[i] === "{" ? matching(code, i, "{", "}") : code.indexOf(";", i);
  // Kept in place (the rest blanked) so that line numbers stay the file's.
  return code.slice(0, start).replace(/[^\n]/g, " ") + code.slice(start, end < 0 ? code.length : end + 1);
}

/** Where the bracket opened at `open` closes (the end of the code if it never does). */
function matching(code: string, open: number, opening: string, closing: string): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === opening) depth++;
    else if (code[i] === closing && --depth === 0) return i;
  }
  return code.length;
}

const inAction = (pattern: RegExp) => (code: string, file: SourceFile) => lines(pattern, actionCode(code, file));

/** Comments blanked out (their lines kept), so that a comment naming a way is not counted as one. */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`\\])\/\/[^\n]*/g, (_, before: string) => before);
}

/**
 * An Error subclass is no way of refusing when its comment says it only rolls a transaction back or
 * never leaves the function that answers it as a Result, or that it is not a refusal (a fault, a
 * busy machine, a command line's input): within six lines above.
 */
const ROLLBACK_REASON = /\broll(s|ed)?\b[^.]{0,40}\bback\b|rollback|not a refusal|never leaves/i;

/** A module longer than this says why in one line at its top (issue 42). */
const MODULE_MAX_LINES = 300;

export const STEPS: Step[] = [
  {
    name: "Reading a form on the server",
    allowed: 1,
    ways: [
      { name: "readForm in the route", canonical: true, files: routes, find: matches(/\breadForm\(/) },
      {
        name: "readFormData outside the capped reader",
        files: (file) => inApp(file) && !file.path.startsWith("app/core/forms/"),
        find: matches(/\breadFormData\(/),
      },
      {
        name: "readUploadForm (an upload is an option of readForm)",
        files: (file) => inApp(file) && file.path !== "app/core/media/image-upload.server.ts",
        find: matches(/\breadUploadForm\(/),
      },
      { name: "request.formData()/json()/text()", files: inApp, find: matches(/\brequest\.(formData|json|text)\(/) },
      { name: "the feature reads the request", files: features, find: matches(/\breadForm\(/) },
      { name: "raw FormData handed to a feature", files: featureServer, find: matches(/\bFormData\b/) },
      {
        name: "a field read with .get() and no schema",
        files: (file) => routes(file) || featureServer(file),
        find: matches(/\b(form|formData|body)\.get(All)?\(/),
      },
    ],
  },
  {
    name: "Checking a form in the browser",
    allowed: 1,
    ways: [
      { name: "useSchemaForm", canonical: true, files: inApp, find: matches(/\buseSchemaForm\b/) },
      { name: "useSchemaFormMessage", files: inApp, find: matches(/\buseSchemaFormMessage\(/) },
      {
        name: "Conform's useForm directly",
        files: (file) => inApp(file) && !file.path.startsWith("app/core/forms/"),
        find: matches(/\buseForm\(/),
      },
    ],
  },
  {
    name: "Answering an action",
    allowed: 1,
    ways: [
      { name: "respond", canonical: true, files: routes, find: inAction(/\brespond\s*(<[^>]*>)?\(/) },
      {
        name: "redirectWithToast directly",
        files: (file) => routes(file) || (features(file) && !HTTP_MODULES.has(file.path)),
        find: (code, file) =>
          features(file) ? lines(/\bredirectWithToast\(/, code) : inAction(/\bredirectWithToast\(/)(code, file),
      },
      { name: "a bare redirect()", files: routes, find: inAction(/(?<![\w.])redirect\(/) },
      { name: "data() answered", files: routes, find: inAction(/\breturn\s+data\(/) },
      // An address that does not exist answers its 404 page, as a loader does: not an answer to a form.
      { name: "a thrown data()", files: routes, find: inAction(/\bthrow\s+data\((?![^;]*status:\s*404\b)/) },
      { name: "a Response made by hand", files: routes, find: inAction(/\bnew Response\(|\bResponse\.json\(/) },
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
        find: matches(/\b(succeeded|refused)\(|\bResult</),
      },
      { name: "an HTTP status in a domain result", files: featureServer, find: matches(/\bstatus:\s*\d{3}\b/) },
      {
        name: "ActionResult (the page's shape) from a feature",
        files: featureServer,
        find: matches(/\bActionResult\b/),
      },
      {
        name: "an Error subclass for control flow",
        files: features,
        find: (code, file) => {
          const original = file.text.split("\n");
          return lines(/\bclass\s+\w+\s+extends\s+Error\b/, code).filter(
            (line) => !ROLLBACK_REASON.test(original.slice(Math.max(0, line - 7), line - 1).join("\n")),
          );
        },
      },
    ],
  },
  {
    name: "Announcing a change",
    allowed: 1,
    ways: [
      { name: "changeAnnouncer", canonical: true, files: features, find: matches(/\bchangeAnnouncer\(/) },
      {
        name: "bus.publish() directly",
        files: (file) => inApp(file) && !file.path.startsWith("app/core/events/"),
        find: matches(/\.publish\(/),
      },
    ],
  },
  {
    name: "An e-mail's HTML",
    allowed: 1,
    ways: [
      { name: "renderMail", canonical: true, files: features, find: matches(/\brenderMail\(/) },
      {
        name: "an HTML shell of its own",
        files: (file) => (features(file) || under("app/core/mail/")(file)) && !file.path.endsWith("mail-layout.ts"),
        find: matches(/<html\b|<!doctype|<body\b/i),
      },
    ],
  },
  {
    name: "A module over 300 lines without its reason",
    allowed: 0,
    ways: [
      {
        name: "over 300 lines, no `// Over 300 lines: …` at its top",
        files: (file) => inApp(file) && file.text.split("\n").length > MODULE_MAX_LINES + 1,
        find: (_code, file) => (/over 300 lines/i.test(file.text.split("\n").slice(0, 3).join("\n")) ? [] : [1]),
      },
    ],
  },
  {
    name: "Feature names in the core",
    allowed: 0,
    ways: [
      {
        // The core-names check (decision 49): a feature's path or folder name outside comments, its
        // schema exempt, places known when it was written listed in scripts/core-names-known.json.
        name: "a feature named in app/core or app/ui",
        files: (file) => under("app/core/", "app/ui/")(file) && !EXEMPT.has(file.path),
        find: (_code, file, tree) =>
          featureNames(file.path, file.text, tree.features)
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

export function countWays(files: SourceFile[], steps: Step[] = STEPS): StepCount[] {
  const code = new Map(files.map((file) => [file.path, withoutComments(file.text)]));
  const features = [...new Set(files.flatMap((file) => /^app\/features\/([^/]+)\//.exec(file.path)?.[1] ?? []))];
  return steps.map((step) => {
    const ways = step.ways.map((way) => ({
      way,
      places: files
        .filter(way.files)
        .flatMap((file) => way.find(code.get(file.path)!, file, { features }).map((line) => `${file.path}:${line}`)),
    }));
    const taken = ways.filter(({ places }) => places.length > 0).length;
    // The canonical way may be missing (a step nobody takes yet); any other way taken fails.
    const others = ways.filter(({ way, places }) => !way.canonical && places.length > 0).length;
    return { step, ways, taken, ok: step.allowed === 0 ? taken === 0 : others === 0 };
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
  const counts = countWays(sourceFiles(root));
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
  if (counts.some(({ ok }) => !ok) || gone.length > 0) {
    console.error(
      "check:ways: a step of a change is taken more than one way (docs/architecture.md, One pipeline for an action)",
    );
    process.exit(1);
  }
}
