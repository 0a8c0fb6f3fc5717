import type { ReactNode } from "react";
import { Container } from "~/components/site/section";
import { useBusiness } from "~/components/site/use-business";

/** When the privacy policy and the terms last changed: both say it under their title. */
export const LEGAL_EFFECTIVE_DATE = "November 22, 2026";

/** The privacy policy's and the terms' page: title, effective date, then their sections. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container narrow className="py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
      {children}
    </Container>
  );
}

/** One h2 section with readable defaults for its paragraphs and lists. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

/** The business's email as a mail link, where a legal text says to write to us. */
export function BusinessEmail() {
  const business = useBusiness();
  return (
    <a href={`mailto:${business.email}`} className="font-semibold text-brand-700 underline">
      {business.email}
    </a>
  );
}
