// Mutation testing of the server's guarantees on PGlite (decision 0061): `npm run mutate:server`.
import { mutationPart } from "./stryker.base.mjs";

export default mutationPart("server", [
  "app/server/dispatch/assignments.server.ts",
  "app/server/background/timers.server.ts",
  // The one claim of timers and the outbox (decision 0060).
  "app/server/background/claims.server.ts",
]);
