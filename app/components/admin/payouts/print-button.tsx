import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";

/** Opens the browser's print dialog (Save as PDF makes the document). */
export function PrintButton() {
  return (
    <Button type="button" variant="outline" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      Print or save as PDF
    </Button>
  );
}
