import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./app/server/db/app-tables.server.ts",
    "./app/server/db/auth-tables.server.ts",
    "./app/server/db/business-tables.server.ts",
    "./app/server/db/activity-tables.server.ts",
    "./app/server/db/messaging-tables.server.ts",
    "./app/server/db/night-watch-tables.server.ts",
    "./app/server/db/source-tables.server.ts",
    "./app/server/db/report-tables.server.ts",
    "./app/server/db/speed-tables.server.ts",
    "./app/server/db/compliance-tables.server.ts",
    "./app/server/db/tax-tables.server.ts",
    "./app/server/db/door-check-tables.server.ts",
    "./app/server/db/lead-inbox-tables.server.ts",
    "./app/server/db/partner-lead-tables.server.ts",
  ],
  out: "./drizzle",
});
