// Mutation testing of the pure rules (decision 0061): `npm run mutate:lib`.
import base from "./stryker.base.mjs";

process.env.MUTATE_TESTS = "lib";

export default {
  ...base,
  mutate: [
    "app/lib/dispatch/*.ts",
    "app/lib/money/*.ts",
    "app/lib/night-watch/*.ts",
    "!**/*.test.ts",
  ],
  incrementalFile: "reports/mutation/lib-incremental.json",
  htmlReporter: { fileName: "reports/mutation/lib.html" },
  jsonReporter: { fileName: "reports/mutation/lib.json" },
};
