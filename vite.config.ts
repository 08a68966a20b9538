import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vite";

/** The admin's screens: code only they use never goes into a chunk a public page loads. */
const adminRoute = /[\\/]app[\\/]routes[\\/]admin[\\/-]/;
const appModule = /[\\/]app[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { importers: string[] } | null };

/** The route files (root and the public pages, not the admin's) whose code imports `id`, directly or not. */
function publicRoutesImporting(id: string, graph: ModuleGraph): Set<string> {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const visit = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const file = moduleId.split("?")[0]!;
    if (/[\\/]app[\\/](root\.tsx|routes[\\/])/.test(file) && moduleId !== id) {
      if (!adminRoute.test(file)) routes.add(file);
      return;
    }
    for (const importer of graph.getModuleInfo(moduleId)?.importers ?? []) visit(importer);
  };
  visit(id);
  return routes;
}

export default defineConfig({
  environments: {
    // The server bundle's entries are our Express app, so the app and every server module share
    // one module graph (one database, one event bus), and the process starter `npm start` runs.
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./server/app.ts", start: "./server/start.ts" },
        },
      },
    },
    // A page loads only the code it uses, in few files (each request costs a round trip on a phone):
    // React and the router in one chunk; the forms library in one, for the pages with a form; zod
    // in one, which public pages fetch only when a visitor starts a form (app/forms/use-schema-form.ts);
    // the app code that two or more public pages use in one; the rest by route.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                { name: "forms", test: /node_modules[\\/]@conform-to[\\/](react|dom)[\\/]/ },
                {
                  name: "zod",
                  test: /node_modules[\\/](zod|@conform-to[\\/]zod)[\\/]|[\\/]app[\\/]lib[\\/]zod\.ts$/,
                },
                {
                  name: (id, graph) =>
                    appModule.test(id) && publicRoutesImporting(id, graph).size >= 2 ? "site" : null,
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
    // zod without its `new Function` parsers, which the Content-Security-Policy forbids (app/lib/zod.ts).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/lib/zod.ts") }],
  },
  plugins: [
    reactRouter(),
    {
      // React Router names the one server entry it expects index.js; ours are two: index.js and start.js.
      name: "server-entry-names",
      enforce: "post",
      configEnvironment(name, options) {
        const output = options.build?.rollupOptions?.output;
        if (name === "ssr" && output && !Array.isArray(output)) output.entryFileNames = "[name].js";
      },
    },
  ],
});
