import { Copy } from "lucide-react";
import { useRef } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { SUCCESS } from "~/lib/messages";

/**
 * Copies a code with the Clipboard API. Where there is none (a page served over plain http
 * from another machine is not a secure context) or it is refused, the code's text on the
 * row (the element marked data-dispatch-code) is selected instead, for Ctrl+C / Cmd+C.
 */
export function CopyCodeButton({ code, className }: { code: string; className?: string }) {
  const button = useRef<HTMLButtonElement>(null);

  const selectOnRow = () => {
    const row = button.current?.closest("tr, li");
    const text = row?.querySelector("[data-dispatch-code]");
    const selection = window.getSelection();
    if (text && selection) selection.selectAllChildren(text);
    toast.info("Copy it yourself", {
      description: `The clipboard is not available here, so ${code} is selected: copy it with Ctrl+C (Cmd+C on a Mac) or your phone's Copy.`,
    });
  };

  const copy = async () => {
    if (!navigator.clipboard?.writeText) return selectOnRow();
    try {
      await navigator.clipboard.writeText(code);
      toast.success(SUCCESS.codeCopiedTitle, {
        description: SUCCESS.codeCopied,
      });
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
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" />
      Copy<span className="sr-only"> code {code}</span>
    </Button>
  );
}
