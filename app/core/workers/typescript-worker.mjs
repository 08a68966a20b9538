// A worker thread's TypeScript entry run from the sources (tests, `npm run dev`; the server build
// has each entry built instead): Node strips the types, and the scripts' resolver finds the app's
// modules as Vite would (the `~/` paths, imports without their extension). The entry is the last
// argument.

import "../../../scripts/lib/load-app-modules.ts";

await import(process.argv.at(-1));
