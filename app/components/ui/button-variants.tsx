import { cva } from "class-variance-authority";

/**
 * The button look, apart from the Button component so that a page can style a plain link
 * or button with it without loading Button (Radix Slot) or `cn` (tailwind-merge): the
 * public site does, to keep its JavaScript small.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
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
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
