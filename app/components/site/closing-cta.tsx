import type { Cta } from "~/content/types";
import { CtaButton } from "./cta-button";
import { Container } from "./section";

interface ClosingCtaProps {
  heading: string;
  text: string;
  ctas: readonly Cta[];
  children?: React.ReactNode;
}

/** The dark call-to-action band that closes every public page. */
export function ClosingCta({ heading, text, ctas, children }: ClosingCtaProps) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-950 py-16 text-white">
      <Container className="text-center">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{heading}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-300">{text}</p>
        {children}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {ctas.map((cta, index) => (
            <CtaButton
              key={cta.label}
              cta={cta}
              size="lg"
              variant={index === 0 ? "accent" : "outline-light"}
            />
          ))}
        </div>
      </Container>
    </section>
  );
}
