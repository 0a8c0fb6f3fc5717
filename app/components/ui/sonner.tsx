import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Notifications: Sonner's region is labelled "Notifications" and Alt+T focuses it,
 * as docs/spec/public-site.md §9 says; toasts show for a few seconds.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      duration={4000}
      richColors
      closeButton
      hotkey={["altKey", "KeyT"]}
      {...props}
    />
  );
}
