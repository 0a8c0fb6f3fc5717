import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./app/server/schema.server.ts",
    "./app/server/auth-schema.server.ts",
    "./app/server/business-schema.server.ts",
  ],
  out: "./drizzle",
});
