import { Copy } from "lucide-react";
import { useId, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";

/**
 * A text to send by hand (the dispatch text), shown in full with Copy. Where the Clipboard
 * API is missing or refused (plain http from another machine), the text is selected instead
 * for Ctrl+C / the phone's Copy.
 */
export function CopyText({
  label,
  text,
  rows = text.split("\n").length + 1,
}: {
  label: string;
  text: string;
  /** Lines shown (a long single line wraps on a phone). */
  rows?: number;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  // The clipboard needs script: disabled until hydrated (the text can be selected by hand).
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      toast.success("Copied", { description: `${label} is on the clipboard.` });
    } catch {
      area.current?.select();
      toast.info("Copy it yourself", {
        description:
          "The clipboard is not available here, so the text is selected: copy it with Ctrl+C (Cmd+C on a Mac) or your phone's Copy.",
      });
    }
  };
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        ref={area}
        readOnly
        value={text}
        rows={rows}
        className="w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-sm leading-relaxed"
      />
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={!hydrated}
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" />
        Copy text
      </Button>
    </div>
  );
}
