import { Copy } from "lucide-react";
import { useRef } from "react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";

interface CopyButtonProps {
  text: string;
  /** Said to screen readers after "Copy" ("code K7Q2ZB"). */
  what: string;
  /** The toast once copied. */
  copied: { title: string; description: string };
  /** The element on the same row (tr or li) holding the text, selected when copying fails. */
  selectSelector: string;
  className?: string;
}

/**
 * Copies a row's text with the Clipboard API. Where there is none (a page served over plain
 * http from another machine is not a secure context) or it is refused, the text on the row
 * is selected instead, for Ctrl+C / Cmd+C.
 */
export function CopyButton({ text, what, copied, selectSelector, className }: CopyButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  // The clipboard needs script: disabled until hydrated, so a tap never does nothing.
  const hydrated = useHydrated();

  const selectOnRow = () => {
    const row = button.current?.closest("tr, li");
    const target = row?.querySelector(selectSelector);
    const selection = window.getSelection();
    if (target && selection) selection.selectAllChildren(target);
    toast.info("Copy it yourself", {
      description: `The clipboard is not available here, so the ${what} is selected: copy it with Ctrl+C (Cmd+C on a Mac) or your phone's Copy.`,
    });
  };

  const copy = async () => {
    if (!navigator.clipboard?.writeText) return selectOnRow();
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied.title, { description: copied.description });
    } catch {
      selectOnRow();
    }
  };

  return (
    <Button
      ref={button}
      type="button"
      size="sm"
      variant="outline"
      className={className}
      disabled={!hydrated}
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" />
      Copy<span className="sr-only"> {what}</span>
    </Button>
  );
}
