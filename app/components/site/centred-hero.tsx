import { clsx } from "clsx";
import type { ReactNode } from "react";
import { CallButton } from "./cta-button";
import { Container } from "./section";

/** A page's dark centred hero: an eyebrow if any, the title, what is under it, and Call. */
export function CentredHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <Container className="py-14 text-center sm:py-20">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{eyebrow}</p>
        )}
        <h1
          className={clsx(
            eyebrow && "mt-2",
            "text-3xl font-extrabold tracking-tight text-balance sm:text-5xl",
          )}
        >
          {title}
        </h1>
        {children}
        <div className="mt-8 flex justify-center">
          <CallButton size="lg" variant="accent" />
        </div>
      </Container>
    </section>
  );
}
