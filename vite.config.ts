import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { PAGE_FAMILIES } from "./app/features-registry.ts";

/** The admin's screens: code only they use never goes into a chunk a public page loads. */
const adminRoute = /[\\/]app[\\/]routes[\\/]admin[\\/-]/;
const appModule = /[\\/]app[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { importers: string[]; dynamicImporters: string[] } | null };

/**
 * The route files (root and every page, the admin's too) whose code imports `id`, directly or not,
 * and whether code fetched later (a dynamic import) imports it too.
 */
function routesImporting(id: string, graph: ModuleGraph): { routes: Set<string>; fetchedLater: boolean } {
  const routes = new Set<string>();
  const seen = new Set<string>();
  let fetchedLater = false;
  const visit = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const file = moduleId.split("?")[0]!;
    if (/[\\/]app[\\/](root\.tsx|routes[\\/])/.test(file) && moduleId !== id) {
      routes.add(file);
      return;
    }
    const info = graph.getModuleInfo(moduleId);
    if (moduleId !== id && info?.dynamicImporters.length) fetchedLater = true;
    for (const importer of info?.importers ?? []) visit(importer);
  };
  visit(id);
  return { routes, fetchedLater };
}

/**
 * The pages a visitor goes through together, named as one (each feature registers its families,
 * app/features-registry.ts): what only they share is theirs, not the "site" chunk every public page
 * loads. Any other page is a family of its own.
 */
const pageFamily = (route: string) => {
  const name = path.parse(route).name;
  return PAGE_FAMILIES[name] ?? name;
};

/**
 * Which chunk an app module goes into: "site" when public pages of two or more families use it; when
 * one family's pages share it with each other, the admin's screens or code fetched later, one chunk
 * per family ("<family>-shared") rather than a chunk per module; otherwise its page's
 * own chunk.
 */
const schemaFormHook = /[\\/]app[\\/]core[\\/]forms[\\/]use-schema-form\.ts$/;

function appChunk(id: string, graph: ModuleGraph): string | null {
  if (!appModule.test(id)) return null;
  const { routes, fetchedLater } = routesImporting(id, graph);
  const families = new Set([...routes].filter((route) => !adminRoute.test(route)).map(pageFamily));
  // The forms' hook loads the forms library: in "site" it would come with every public page, the
  // home's too, which has no such form.
  if (families.size >= 2 && schemaFormHook.test(id)) return "public-forms";
  if (families.size >= 2) return "site";
  if (families.size === 1 && (routes.size > 1 || fetchedLater)) return `${[...families][0]}-shared`;
  return null;
}

/** zod's chunk: fetched by public pages when a visitor starts a form, so it carries no compile hint. */
const ZOD_CHUNK = "zod";

export default defineConfig({
  environments: {
    // The server bundle's entries are our Express app, so the app and every server module share
    // one module graph (one database, one event bus), and the process starter `npm start` runs.
    ssr: {
      // drizzle-orm in the bundle: Node read its 179 KB package.json again for each of its modules, a
      // second of every server start (decision 42).
      resolve: { noExternal: ["drizzle-orm"] },
      build: {
        rollupOptions: {
          // Each worker thread's entry built beside them, under the name its caller gives
          // (app/core/workers/run-in-worker.server.ts): a calendar is read in one (decision 71).
          input: {
            index: "./server/app.ts",
            start: "./server/start.ts",
            "calendar-busy-times.worker": "./app/features/booking/calendar-busy-times.worker.ts",
          },
        },
      },
    },
    // A page loads only the code it uses, in few files (each request costs a round trip on a phone):
    // React in one chunk and the router in another (a page evaluates one file per task, and the two
    // in one file made the longest task as a page starts: decision 30); the forms library in one, for
    // the pages with a form; zod in one, which public pages fetch only when a visitor starts a form
    // (app/core/forms/use-schema-form.ts); the app code that two or more public pages use in one; the app
    // code one public page shares with the admin's screens in one per page; the rest by route.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
                { name: "forms", test: /node_modules[\\/]@conform-to[\\/](react|dom)[\\/]/ },
                {
                  name: ZOD_CHUNK,
                  test: /node_modules[\\/](zod|@conform-to[\\/]zod)[\\/]|[\\/]app[\\/]core[\\/]forms[\\/]zod\.ts$/,
                },
                // Two groups, "site" first: a group takes the modules its modules import too, and
                // what two public pages use must not end in one page's chunk.
                { name: (id, graph) => (appChunk(id, graph) === "site" ? "site" : null) },
                // Its own file, after "site" has taken what the hook imports: left to the last group,
                // it went with one page family's shared code, and other families loaded that code.
                { name: "public-forms", test: schemaFormHook },
                {
                  name: (id, graph) => {
                    const chunk = appChunk(id, graph);
                    return chunk === "site" ? null : chunk;
                  },
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: {
    tsconfigPaths: true,
    // zod without its `new Function` parsers, which the Content-Security-Policy forbids (app/core/forms/zod.ts).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/core/forms/zod.ts") }],
  },
  plugins: [
    reactRouter(),
    {
      // V8's compile hint (Chromium 136 and later): the whole file is compiled while it downloads, on
      // a background thread, instead of each function on the main thread at its first call. Measured
      // on /reviews and /home: a third less script time on the main thread as the page starts
      // (decision 27). Not on zod: fetched when a visitor starts a form, it runs a small part of itself.
      // The hint must be the first line, so it is added last, after Vite's own preamble.
      name: "compile-hint",
      applyToEnvironment: (environment) => environment.name === "client",
      generateBundle: {
        order: "post",
        handler(_options, bundle) {
          for (const file of Object.values(bundle))
            if (file.type === "chunk" && file.name !== ZOD_CHUNK)
              file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
        },
      },
    },
    {
      // React Router names the one server entry it expects index.js; ours are index.js, start.js and the workers'.
      name: "server-entry-names",
      enforce: "post",
      configEnvironment(name, options) {
        const output = options.build?.rollupOptions?.output;
        if (name === "ssr" && output && !Array.isArray(output)) output.entryFileNames = "[name].js";
      },
    },
  ],
});
