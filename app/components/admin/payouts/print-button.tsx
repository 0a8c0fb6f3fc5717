import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";

/**
 * Opens the browser's print dialog (Save as PDF makes the document). It needs script, so it
 * stays disabled until the page has hydrated: a tap never does nothing (issue 48).
 */
export function PrintButton() {
  const hydrated = useHydrated();
  return (
    <Button type="button" variant="outline" disabled={!hydrated} onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      Print or save as PDF
    </Button>
  );
}
