import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { useZodForm } from "~/components/use-zod-form";
import { FormAlert } from "~/components/auth/form-parts";
import { AUTH, RULE } from "~/lib/ui-text";
import { REQUEST } from "~/lib/ui-text-shell";
import { resetPasswordSchema } from "~/lib/schemas/auth";
import { businessFromMatches } from "~/lib/site/seo";
import { tooManyAttempts } from "~/server/auth/errors.server";
import { completePasswordReset, findResetLink } from "~/server/auth/password-reset.server";
import { isCommonPassword } from "~/server/auth/password-policy.server";
import { HashingBusyError } from "~/server/auth/password.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { redirectWithToast } from "~/server/route-helpers/toast.server";
import { clientIpContext } from "~/server/route-helpers/request-context.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import { RuleError } from "~/server/rule-error.server";
import type { Route } from "./+types/reset";

/*
 * A password reset link's page (password-reset.server.ts): the new password twice, under the
 * same rules as everywhere. The token is in the address, so the page keeps it to this site.
 */

const HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // A same-origin referrer keeps the Origin header that the cross-site check reads.
  "Referrer-Policy": "same-origin",
};

/** Tries per link in ten minutes: plenty for typing a password, too few to probe links. */
const TRIES_PER_LINK = { window: 600, max: 10 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const link = await findResetLink(db, params.token);
  return data({ email: link?.email ?? null }, { status: link ? 200 : 404, headers: HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext).database;
  const hide = { hideFields: ["newPassword", "confirmPassword"] };
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  // Cheap checks first, costly work last (decision 0032): a made-up or spent link is answered
  // by one read, before anything is counted, written or hashed.
  if (!(await findResetLink(db, params.token))) {
    return data(
      { result: submission.reply({ formErrors: [RULE.resetLinkGone], ...hide }) },
      { status: 404, headers: HEADERS },
    );
  }
  const limit = await consumeRateLimit(db, `reset:${hashLinkToken(params.token)}`, TRIES_PER_LINK);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: [tooManyAttempts(limit.retryAfter)], ...hide }) },
      { status: 429, headers: { ...HEADERS, "Retry-After": String(limit.retryAfter) } },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(hide) }, { status: 400, headers: HEADERS });
  }
  const { newPassword } = submission.value;
  if (isCommonPassword(newPassword)) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { newPassword: [AUTH.passwordTooCommon] },
          ...hide,
        }),
      },
      { status: 400, headers: HEADERS },
    );
  }
  try {
    await completePasswordReset(
      db,
      params.token,
      newPassword,
      context.get(clientIpContext) || null,
    );
  } catch (error) {
    if (error instanceof HashingBusyError) {
      const seconds = error.retryAfterSeconds;
      return data(
        { result: submission.reply({ formErrors: [REQUEST.hashingBusy(seconds)], ...hide }) },
        { status: 503, headers: { ...HEADERS, "Retry-After": String(seconds) } },
      );
    }
    if (!(error instanceof RuleError)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.message], ...hide }) },
      { status: error.status, headers: HEADERS },
    );
  }
  return redirectWithToast("/auth", {
    type: "success",
    title: AUTH.passwordResetTitle,
    description: AUTH.passwordReset,
  });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Choose a new password | ${businessFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function ResetPassword({ loaderData, actionData, matches }: Route.ComponentProps) {
  const [form, fields] = useZodForm({
    id: "reset-password",
    schema: resetPasswordSchema,
    lastResult: actionData?.result,
  });
  const busy = useNavigation().state === "submitting";
  const formError = actionData?.result?.error?.[""]?.[0];
  const gone = !loaderData.email || formError === RULE.resetLinkGone;
  return (
    <AuthShell businessName={businessFromMatches(matches).name} backToSignIn>
      <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
      {gone ? (
        <>
          <FormAlert className="mt-6">{RULE.resetLinkGone}</FormAlert>
          <p className="mt-4 text-sm text-muted-foreground">
            <Link to="/auth/forgot" className="font-medium text-brand-700 underline">
              Ask for a new link
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            For <strong>{loaderData.email}</strong>. Setting it signs this account out everywhere.
          </p>
          <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
            <FormAlert>{formError}</FormAlert>
            {/* Lets a password manager file the new password under the right account. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={loaderData.email ?? ""}
              readOnly
              hidden
            />
            <NewPasswordFields fields={fields} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Saving..." : "Set new password"}
            </Button>
          </Form>
        </>
      )}
    </AuthShell>
  );
}
