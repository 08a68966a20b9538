// A worker thread's TypeScript entry run from the sources (tests, `npm run dev`; the server build
// has each entry built instead): Node strips the types, and this resolves what Vite would, the
// `~/` paths and imports written without their extension. The entry is the last argument.

import { registerHooks } from "node:module";

const app = new URL("../../", import.meta.url);
const relative = /^(\.{1,2}\/|\/|file:)/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const named = specifier.startsWith("~/") ? new URL(specifier.slice(2), app).href : specifier;
    try {
      return nextResolve(named, context);
    } catch (error) {
      if (!relative.test(named) || /\.[cm]?[jt]sx?$/.test(named)) throw error;
      for (const extension of [".ts", ".tsx"]) {
        try {
          return nextResolve(`${named}${extension}`, context);
        } catch {
          // the next extension
        }
      }
      throw error;
    }
  },
});

await import(process.argv.at(-1));
