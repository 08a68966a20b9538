import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  environments: {
    // The server bundle's entry is our Express app, so the app and every
    // server module share one module graph (one database, one event bus).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // Few, larger scripts: on a phone each request costs its headers, and
    // bigger files compress better. Route modules stay split per page.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                { name: "shared", test: /[\\/]app[\\/]/, minShareCount: 2 },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
});
