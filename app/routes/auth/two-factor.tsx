import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/form-fields";
import { useZodForm } from "~/components/use-zod-form";
import { FormAlert } from "~/components/auth/form-parts";
import { AUTH, SUCCESS } from "~/lib/ui-text";
import { isApproved } from "~/lib/auth/roles";
import { safeRedirect } from "~/lib/auth/safe-redirect";
import { twoFactorChallengeSchema } from "~/lib/schemas/auth";
import { businessFromMatches } from "~/lib/site/seo";
import { getSessionUser, PENDING_PATH, setCookieHeaders } from "~/server/auth/session.server";
import { answerChallenge, hasChallengeCookie } from "~/server/auth/two-factor-challenge.server";
import { redirectWithToast } from "~/server/route-helpers/toast.server";
import type { Route } from "./+types/two-factor";

/*
 * The sign-in's second step, after a right password for an account with two-factor on:
 * a code from the authenticator app, or one of the recovery codes (?method=recovery).
 * Plain forms and links: it works without JavaScript.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  const url = new URL(request.url);
  if (user) {
    throw redirect(
      isApproved(user.role) ? safeRedirect(url.searchParams.get("redirectTo")) : PENDING_PATH,
    );
  }
  // No password step behind this visit (or it expired in the browser): start there.
  if (!hasChallengeCookie(request)) throw redirect("/auth");
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: twoFactorChallengeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  const { intent, code, redirectTo } = submission.value;
  const answer = await answerChallenge(request, context, intent, code);
  if (!answer.ok) {
    const result = answer.field
      ? submission.reply({ fieldErrors: { code: [answer.message] }, hideFields: ["code"] })
      : submission.reply({ formErrors: [answer.message], hideFields: ["code"] });
    return data({ result }, { status: answer.status });
  }
  return redirectWithToast(
    safeRedirect(redirectTo),
    { type: "success", title: SUCCESS.signedInTitle, description: SUCCESS.signedIn },
    setCookieHeaders(answer.response),
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Two-factor sign-in | ${businessFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function TwoFactorChallenge({ actionData, matches }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const recovery = searchParams.get("method") === "recovery";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const other = new URLSearchParams(searchParams);
  if (recovery) other.delete("method");
  else other.set("method", "recovery");
  const [form, fields] = useZodForm({
    id: recovery ? "two-factor-recovery" : "two-factor-totp",
    schema: twoFactorChallengeSchema,
    lastResult: actionData?.result,
    validateOn: "submit",
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formError = actionData?.result.error?.[""]?.[0];
  // The 'Sign In Failed' toast (docs/spec/back-office.md §8), for what the server refused at this
  // step too.
  const refusal = formError ?? actionData?.result.error?.code?.[0];
  useEffect(() => {
    if (refusal) toast.error(AUTH.signInFailedTitle, { description: refusal });
  }, [actionData, refusal]);
  return (
    <AuthShell businessName={businessFromMatches(matches).name}>
      <h1 className="text-2xl font-bold tracking-tight">Two-factor sign-in</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned two-factor on. Each works once."
          : "Open your authenticator app and enter the 6-digit code for this account."}
      </p>
      <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {formError && (
          <FormAlert>
            {formError}{" "}
            <Link to="/auth" className="font-medium underline">
              Sign in again
            </Link>
          </FormAlert>
        )}
        <InputField
          key={recovery ? "recovery" : "totp"}
          meta={fields.code}
          label={recovery ? "Recovery code" : "Code"}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoFocus
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        <Link to={`?${other}`} className="font-medium text-brand-700 underline">
          {recovery ? "Use a code from the app instead" : "Lost your phone? Use a recovery code"}
        </Link>
      </p>
    </AuthShell>
  );
}
