import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The core's tables and each feature's (decision 81); app/composition/site-schema.ts puts the same together.
  schema: ["./app/core/db/schema.ts", "./app/features/*/schema.ts"],
  out: "./drizzle",
});
