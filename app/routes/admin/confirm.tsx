import { getFormProps } from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-fields";
import type { LastResult } from "~/components/form-options";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { AUTH, FAILURE, RULE } from "~/lib/ui-text";
import { safeRedirect } from "~/lib/auth/safe-redirect";
import { confirmActionSchema } from "~/lib/schemas/profile";
import { lockedUntil, recordFailedSignIn } from "~/server/auth/lockout.server";
import { checkPasswordAgain } from "~/server/auth/recent-auth.server";
import {
  authHeaders,
  callAuthEndpoint,
  setCookieHeaders,
  userContext,
} from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { clientIpContext } from "~/server/route-helpers/request-context.server";
import { RuleError } from "~/server/rule-error.server";
import type { Route } from "./+types/confirm";

/*
 * "Confirm it's you": the password again (or a code from the app) before a change to
 * passwords, two-factor sign-in or roles, when the last one is more than 10 minutes old
 * (recent-auth.server.ts). Then the session is renewed, and it is back to the page that asked.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const url = new URL(request.url);
  return {
    twoFactor: user.twoFactorEnabled,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const { auth, database } = context.get(servicesContext);
  const db = database.db;
  const ip = context.get(clientIpContext) || null;
  /** Proved again: a new session token (ASVS 7.2.4), marked as just authenticated. */
  const confirmed = async (redirectTo: string | undefined) => {
    const renewal = await auth.api.renewSession({
      headers: authHeaders(request, context),
      asResponse: true,
    });
    if (!renewal.ok) throw new Error(`session renewal answered ${renewal.status}`);
    return {
      redirectTo: safeRedirect(redirectTo),
      headers: setCookieHeaders(renewal),
      toast: { title: AUTH.confirmedTitle, description: AUTH.confirmed },
    };
  };
  return handleIntents(request, confirmActionSchema, {
    "confirm-password": {
      failure: FAILURE.confirmIdentity,
      form: true,
      hideFields: ["password"],
      run: async ({ password, redirectTo }) => {
        if (!(await checkPasswordAgain(db, user, password, ip))) {
          throw new RuleError(RULE.wrongPassword, { field: "password" });
        }
        return confirmed(redirectTo);
      },
    },
    "confirm-code": {
      failure: FAILURE.confirmIdentity,
      form: true,
      hideFields: ["code"],
      run: async ({ code, redirectTo }) => {
        const wrong = new RuleError(AUTH.codeInvalid, { field: "code" });
        if (await lockedUntil(db, user.id)) throw wrong;
        const response = await callAuthEndpoint(request, context, "/two-factor/verify-totp", {
          code,
        });
        if (response.status === 429) throw new RuleError(RULE.tooManyAttempts, { status: 429 });
        if (!response.ok) {
          await recordFailedSignIn(db, user.id, { kind: "code", ip });
          throw wrong;
        }
        return confirmed(redirectTo);
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm it's you | Admin" }];

export default function ConfirmIdentity({ loaderData, actionData }: Route.ComponentProps) {
  const { twoFactor, redirectTo } = loaderData;
  return (
    <>
      <PageHeader title="Confirm it's you" description={AUTH.confirmFirst} />
      <div className="grid max-w-3xl gap-6 md:grid-cols-2">
        <ConfirmCard
          intent="confirm-password"
          title="With your password"
          redirectTo={redirectTo}
          lastResult={actionData?.intent === "confirm-password" ? actionData.result : undefined}
        />
        {twoFactor && (
          <ConfirmCard
            intent="confirm-code"
            title="Or with a code from your app"
            redirectTo={redirectTo}
            lastResult={actionData?.intent === "confirm-code" ? actionData.result : undefined}
          />
        )}
      </div>
    </>
  );
}

function ConfirmCard({
  intent,
  title,
  redirectTo,
  lastResult,
}: {
  intent: "confirm-password" | "confirm-code";
  title: string;
  redirectTo: string;
  lastResult: LastResult;
}) {
  const [form, fields] = useLazyZodForm({
    id: intent,
    loadSchema: () =>
      import("~/lib/schemas/profile").then((schemas) => schemas.confirmActionSchema),
    lastResult,
    validateOn: "submit",
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>Then you go back to where you were.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {intent === "confirm-password" ? (
            <InputField
              meta={fields.password}
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
            />
          ) : (
            <InputField
              meta={fields.code}
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          )}
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Checking..." : "Confirm"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
