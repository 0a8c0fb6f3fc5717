import type { VariantProps } from "class-variance-authority";
import { cloneElement, isValidElement, type ReactElement } from "react";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { buttonVariants } from "./button-variants";

export { buttonVariants };

export interface ButtonProps
  extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Style the one child (a link) as the button instead of rendering a <button>. */
  asChild?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  // Our asChild is a link styled as a button: the child keeps its own props and gets ours.
  // Radix's Slot would do it too, at 1.5 kB in every hydrated page's first load.
  if (asChild && isValidElement<{ className?: string }>(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, {
      ...props,
      className: cn(classes, child.props.className),
    } as never);
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
