// `npm start`: the production server, built first when needed.
import { buildIfStale } from "./build-if-stale.ts";

buildIfStale();

// A computed specifier: the build exists only after buildIfStale().
const buildEntry = new URL("../build/server/index.js", import.meta.url).href;
const { startServer, serverBuild }: typeof import("../server/app.ts") = await import(buildEntry);

let running: Awaited<ReturnType<typeof startServer>>;
try {
  running = await startServer(serverBuild);
} catch (error) {
  const known = error instanceof Error && ["ConfigError", "SiteContentError"].includes(error.name);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
