import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useZodForm } from "~/components/use-zod-form";
import { EmailField, FormAlert } from "~/components/auth/form-parts";
import { AUTH } from "~/lib/ui-text";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { businessFromMatches } from "~/lib/site/seo";
import { mailPasswordReset } from "~/server/auth/account-mail.server";
import { tooManyAttempts } from "~/server/auth/errors.server";
import { mailerFor } from "~/server/auth/mailer.server";
import { getSessionUser } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { clientIpContext } from "~/server/route-helpers/request-context.server";
import type { Route } from "./+types/forgot";

/*
 * "Forgot password?" (decision 0030). With SMTP_URL: an email address, and the same answer
 * whether or not it has an account; the link comes by mail. Without: ask an owner, who
 * makes a link in Settings → Team.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect("/admin/profile");
  const { env } = context.get(servicesContext);
  return data(
    { mail: mailerFor(env) !== null },
    { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, database } = context.get(servicesContext);
  const send = mailerFor(env);
  if (!send) return data({ sent: false, result: undefined }, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ sent: false, result: submission.reply() }, { status: 400 });
  }
  const { retryAfter } = await mailPasswordReset(
    database.db,
    env,
    send,
    submission.value.email,
    context.get(clientIpContext) || null,
  );
  if (retryAfter !== null) {
    return data(
      { sent: false, result: submission.reply({ formErrors: [tooManyAttempts(retryAfter)] }) },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  return { sent: true, result: submission.reply({ resetForm: true }) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Reset your password | ${businessFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ForgotPassword({ loaderData, actionData, matches }: Route.ComponentProps) {
  const [form, fields] = useZodForm({
    id: "forgot-password",
    schema: forgotPasswordSchema,
    lastResult: actionData?.result,
  });
  const busy = useNavigation().state === "submitting";
  const formError = actionData?.result?.error?.[""]?.[0];
  return (
    <AuthShell businessName={businessFromMatches(matches).name} backToSignIn>
      <h1 className="text-2xl font-bold tracking-tight">Reset your password</h1>
      {!loaderData.mail ? (
        <p className="mt-3 text-sm text-muted-foreground">{AUTH.resetAskOwner}</p>
      ) : actionData?.sent ? (
        <Alert variant="success" className="mt-6">
          <MailCheck aria-hidden="true" />
          <AlertDescription>{AUTH.resetLinkSent}</AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Enter the email you sign in with, and we will mail you a link to choose a new password.
          </p>
          <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
            <FormAlert>{formError}</FormAlert>
            <EmailField meta={fields.email} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Sending..." : "Send reset link"}
            </Button>
          </Form>
        </>
      )}
    </AuthShell>
  );
}
