import { Alert, AlertDescription } from "~/components/ui/alert";
import type { Toast } from "~/lib/admin/toast";

const VARIANT = { success: "success", error: "destructive", info: "default" } as const;

/**
 * The server's toast (after an action or a redirect) for a browser that runs no script: a
 * toast needs JavaScript, so there the message heads the page instead. With JavaScript the
 * browser ignores what is inside `<noscript>`, and the toast says it.
 */
export function FlashNotice({ toast }: { toast: Toast | null | undefined }) {
  if (!toast) return null;
  return (
    <noscript>
      <Alert role="status" variant={VARIANT[toast.type]} className="mb-4">
        <AlertDescription>
          <strong className="font-semibold">{toast.title}</strong>
          {toast.description ? ` ${toast.description}` : null}
        </AlertDescription>
      </Alert>
    </noscript>
  );
}
