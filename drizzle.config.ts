import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/core/db/schema.ts",
  out: "./drizzle",
});
