import { clsx } from "clsx";
import type * as React from "react";

// The public site joins classes with clsx, not `cn`: no caller overrides a class these
// components set (they take props instead), and class merging stays off public pages.

interface ContainerProps extends React.ComponentProps<"div"> {
  /** A reading column (policies) instead of the full page width. */
  narrow?: boolean;
}

export function Container({ narrow = false, className, ...props }: ContainerProps) {
  return (
    <div
      className={clsx("mx-auto w-full px-4 sm:px-6", narrow ? "max-w-3xl" : "max-w-6xl", className)}
      {...props}
    />
  );
}

interface SectionProps extends React.ComponentProps<"section"> {
  tone?: "white" | "muted" | "dark";
  /** Less vertical space, for a band of figures. */
  compact?: boolean;
}

/** A full-width page band with the standard vertical rhythm. */
export function Section({
  tone = "white",
  compact = false,
  className,
  children,
  ...props
}: SectionProps) {
  return (
    <section
      className={clsx(
        compact ? "py-10 sm:py-14" : "py-14 sm:py-20",
        tone === "muted" && "bg-slate-50",
        tone === "dark" && "bg-brand-950 text-white",
        className,
      )}
      {...props}
    >
      <Container>{children}</Container>
    </section>
  );
}

interface SectionHeadingProps {
  eyebrow?: string;
  title: string;
  intro?: string;
  id?: string;
  tone?: "light" | "dark";
}

export function SectionHeading({ eyebrow, title, intro, id, tone = "light" }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p
          className={clsx(
            "text-sm font-semibold tracking-wide uppercase",
            tone === "dark" ? "text-accent-300" : "text-brand-700",
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {intro && (
        <p
          className={clsx(
            "mt-3 text-base text-pretty",
            tone === "dark" ? "text-slate-300" : "text-muted-foreground",
          )}
        >
          {intro}
        </p>
      )}
    </div>
  );
}
