import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { sendsInFlightInstrumentation } from "~/components/admin/sends-in-flight";

/*
 * React Router's default entry (decision 0040, rewritten: hydrated as soon as it arrives),
 * with the router telling the live updates what it is sending (sends-in-flight.ts).
 */
const instrumentations = [sendsInFlightInstrumentation];

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={instrumentations} />
    </StrictMode>,
  );
});
