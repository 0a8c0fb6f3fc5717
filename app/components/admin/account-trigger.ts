/**
 * The account menu's button, before and after its menu loads (admin-header.tsx,
 * account-menu.tsx). Named by its own text (the visible name and email start it on a wide
 * screen): a label that hides what is shown fails voice control (WCAG 2.5.3).
 */
export const ACCOUNT_TRIGGER_CLASS =
  "flex items-center gap-2 rounded-lg p-1 pr-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring";
