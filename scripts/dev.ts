// `npm run dev`: the same Express server, with Vite serving modules and hot reload.
// Run with --conditions=development (see package.json) so Node and Vite load the same react-router build.
import { createServer } from "vite";
import type { ServerBuild } from "react-router";

process.env.NODE_ENV = "development";
const vite = await createServer({ server: { middlewareMode: true } });
const { startServer } = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("../server/app.ts");
const running = await startServer(
  () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  process.env,
  { devMiddleware: vite.middlewares },
);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await running.close();
    await vite.close();
    process.exit(0);
  });
}
