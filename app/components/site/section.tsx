import type * as React from "react";
import { cn } from "~/lib/utils";

export function Container({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6", className)} {...props} />;
}

interface SectionProps extends React.ComponentProps<"section"> {
  tone?: "white" | "muted" | "dark";
}

/** A full-width page band with the standard vertical rhythm. */
export function Section({ tone = "white", className, children, ...props }: SectionProps) {
  return (
    <section
      className={cn(
        "py-14 sm:py-20",
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
          className={cn(
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
          className={cn(
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
