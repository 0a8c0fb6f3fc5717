import { CopyButton } from "~/components/admin/copy-button";
import { SUCCESS } from "~/lib/ui-text";

const COPIED = { title: SUCCESS.codeCopiedTitle, description: SUCCESS.codeCopied };

/** Copies a code; where the clipboard fails, the row's code (data-dispatch-code) is selected. */
export function CopyCodeButton({ code, className }: { code: string; className?: string }) {
  return (
    <CopyButton
      text={code}
      what={`code ${code}`}
      copied={COPIED}
      selectSelector="[data-dispatch-code]"
      className={className}
    />
  );
}
