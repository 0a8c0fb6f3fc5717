import type { ReactNode } from "react";
import type { BusinessContact } from "~/content/business";

/**
 * The frame of the pages a texted link opens (the locksmith's job page, the customer's
 * review form): the business's name and phone on top, one column made for a phone held in
 * one hand, nothing else to load.
 */
export function LinkPageShell({
  business,
  children,
}: {
  business: Pick<BusinessContact, "name" | "phone" | "phoneHref">;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="bg-brand-950 text-white">
        <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-3">
          <p className="min-w-0 truncate font-bold">{business.name}</p>
          <a
            href={business.phoneHref}
            aria-label={`Call ${business.name}, ${business.phone}`}
            className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 font-semibold whitespace-nowrap text-accent-300 underline-offset-4 hover:underline"
          >
            {business.phone}
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-lg px-4 py-5">{children}</main>
    </div>
  );
}
