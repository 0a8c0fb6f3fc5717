// Mutation testing of the server's guarantees on PGlite (decision 0061): `npm run mutate:server`.
import base from "./stryker.base.mjs";

process.env.MUTATE_TESTS = "server";

export default {
  ...base,
  mutate: [
    "app/server/dispatch/assignments.server.ts",
    "app/server/background/timers.server.ts",
    // The one claim of timers and the outbox (decision 0060).
    "app/server/background/claims.server.ts",
  ],
  incrementalFile: "reports/mutation/server-incremental.json",
  htmlReporter: { fileName: "reports/mutation/server.html" },
  jsonReporter: { fileName: "reports/mutation/server.json" },
};
