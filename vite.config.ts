import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

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
