import { Button } from "~/components/ui/button";

/** Drop, in a row form: gives up on work that failed (a text not sent, a background job). */
export function DropButton({ busy, label }: { busy: boolean; label?: string }) {
  return (
    <Button
      type="submit"
      name="intent"
      value="drop"
      size="sm"
      variant="outline"
      disabled={busy}
      aria-label={label}
    >
      Drop
    </Button>
  );
}
