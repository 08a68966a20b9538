// Lets a plain `node` script import the application's server modules
// (app/**/*.server.ts) as they are: resolves the "~/" alias and the
// extensionless relative imports Vite allows (in the project's own files,
// the test helpers included). Node strips the types itself.
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const rootDir = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(rootDir, "app");
const rootUrl = pathToFileURL(`${rootDir}/`).href;

/** drizzle-orm's own files: ES modules (its package says so), each imported by its exact relative path. */
const drizzleDir = `${pathToFileURL(path.join(rootDir, "node_modules", "drizzle-orm")).href}/`;

registerHooks({
  resolve(specifier, context, nextResolve) {
    // Resolved here, not by Node, which reads drizzle-orm's 179 KB package.json again for each of its
    // files to learn they are ES modules: a second of every script's start (decision 42).
    if (/^\.\.?\//.test(specifier) && context.parentURL?.startsWith(drizzleDir))
      return { url: new URL(specifier, context.parentURL).href, format: "module", shortCircuit: true };
    let target: string | undefined;
    if (specifier.startsWith("~/")) target = pathToFileURL(path.join(appDir, specifier.slice(2))).href;
    else if (
      /^\.\.?\//.test(specifier) &&
      context.parentURL?.startsWith(rootUrl) &&
      !context.parentURL.includes("/node_modules/")
    ) {
      target = new URL(specifier, context.parentURL).href;
    }
    // "./schema" or "./x.server": a path that is not a file as written gets its .ts/.tsx.
    if (target && !existsSync(fileURLToPath(target))) {
      const file = [".ts", ".tsx"].map((ext) => fileURLToPath(target) + ext).find((f) => existsSync(f));
      if (file) return nextResolve(pathToFileURL(file).href, context);
    }
    return nextResolve(target ?? specifier, context);
  },
});
