/**
 * The button look, apart from the Button component so that a page can style a plain link
 * or button with it without loading Button (Radix Slot) or `cn` (class merging): the
 * public site does, to keep its JavaScript small. A plain function with the API of the
 * class-variance-authority helper it replaces (which every public page would otherwise
 * load), and free of competing classes, so that it needs no class merging either.
 */
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  variant: {
    default: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
    accent: "bg-accent-400 text-brand-950 shadow-sm hover:bg-accent-300",
    outline: "border border-border bg-white text-foreground shadow-xs hover:bg-muted",
    "outline-light": "border border-white/40 bg-white/5 text-white hover:bg-white/15",
    secondary: "bg-muted text-foreground hover:bg-slate-200",
    ghost: "text-foreground hover:bg-muted",
    destructive: "bg-destructive text-destructive-foreground hover:bg-red-800",
    link: "text-brand-700 underline-offset-4 hover:underline",
  },
  // The font size sits with the size, so no two classes compete for it (the Button's
  // class merging used to drop the base text-sm for lg; plain links have no merge).
  size: {
    default: "h-10 px-4 py-2 text-sm",
    sm: "h-9 px-3 text-sm",
    lg: "h-12 px-6 text-base",
    icon: "size-10 text-sm",
  },
} as const;

export interface ButtonVariantProps {
  /** Omitted: "default"; null: no variant classes (as with class-variance-authority). */
  variant?: keyof typeof VARIANTS.variant | null;
  size?: keyof typeof VARIANTS.size | null;
}

export function buttonVariants({
  variant,
  size,
  className,
}: ButtonVariantProps & { className?: string } = {}): string {
  return [
    BASE,
    variant === null ? "" : VARIANTS.variant[variant ?? "default"],
    size === null ? "text-sm" : VARIANTS.size[size ?? "default"],
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}
