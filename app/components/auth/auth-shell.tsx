import { KeyRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Toaster } from "~/components/ui/toast";

/** The sign-in pages' frame: the business's name over a white card on the brand gradient. */
export function AuthShell({
  businessName,
  backToSignIn = false,
  children,
}: {
  businessName: string;
  /** The card ends with a way back to /auth (the password pages reached from it). */
  backToSignIn?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 px-4 py-10">
      <div className="w-full max-w-md">
        {/* The website is plain documents with no router: a link to it loads a page. */}
        <Link
          to="/"
          reloadDocument
          className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-white"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-accent-400 text-brand-950">
            <KeyRound className="size-5" aria-hidden="true" />
          </span>
          {businessName}
        </Link>
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-8">
          {children}
          {backToSignIn && (
            <p className="mt-6 text-center text-sm text-muted-foreground">
              <Link to="/auth" className="font-medium text-brand-700 underline">
                Back to sign in
              </Link>
            </p>
          )}
        </div>
        <p className="mt-6 text-center text-sm text-slate-300">
          <Link to="/" reloadDocument className="underline hover:text-white">
            Back to the website
          </Link>
        </p>
      </div>
      <Toaster />
    </main>
  );
}
