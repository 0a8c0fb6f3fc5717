import { Clock, LogOut } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { useFlashToast } from "~/components/admin/use-flash-toast";
import { Button } from "~/components/ui/button";
import { Toaster } from "~/components/ui/toast";
import { isApproved } from "~/lib/auth/roles";
import { businessFromMatches } from "~/lib/site/seo";
import { displayName } from "~/lib/auth/user-display";
import { getSessionUser } from "~/server/auth/session.server";
import { readToast } from "~/server/route-helpers/toast.server";
import type { Route } from "./+types/pending";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) throw redirect("/auth");
  if (isApproved(user.role)) throw redirect("/admin");
  const { toast, headers } = await readToast(request);
  return data(
    { user: { name: user.name, email: user.email }, toast },
    { headers: { ...Object.fromEntries(headers), "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Awaiting Approval | ${businessFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PendingApproval({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.toast);
  return (
    <main className="grid min-h-dvh grid-cols-1 place-items-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-white p-8 text-center shadow-sm">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100 text-amber-800">
          <Clock className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">
          Your account is awaiting approval
        </h1>
        <p className="mt-3 text-muted-foreground">
          Thanks, {displayName(loaderData.user)}. An owner has to approve{" "}
          <strong className="wrap-anywhere">{loaderData.user.email}</strong> before you can use the
          dashboard. Ask them to open Settings → Team; this page lets you in once they have.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <a href="/auth/pending">Check again</a>
          </Button>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="ghost" className="w-full">
              <LogOut aria-hidden="true" />
              Log out
            </Button>
          </Form>
        </div>
      </div>
      <Toaster />
    </main>
  );
}
