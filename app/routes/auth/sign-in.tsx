import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { useFlashToast } from "~/components/admin/use-flash-toast";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/form-fields";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useZodForm } from "~/components/use-zod-form";
import { EmailField, FormAlert } from "~/components/auth/form-parts";
import { AUTH, SUCCESS } from "~/lib/ui-text";
import { authFormSchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { isApproved } from "~/lib/auth/roles";
import { safeRedirect } from "~/lib/auth/safe-redirect";
import { businessFromMatches } from "~/lib/site/seo";
import { authErrorMessage } from "~/server/auth/errors.server";
import { isCommonPassword } from "~/server/auth/password-policy.server";
import { asksForSecondFactor, TWO_FACTOR_PATH } from "~/server/auth/two-factor-challenge.server";
import {
  callAuthEndpoint,
  getSessionUser,
  PENDING_PATH,
  setCookieHeaders,
} from "~/server/auth/session.server";
import { readToast, redirectWithToast } from "~/server/route-helpers/toast.server";
import type { Route } from "./+types/sign-in";

type Tab = "sign-in" | "sign-up";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request, context);
  // Someone already signed in goes straight to where they belong.
  if (user)
    throw redirect(
      isApproved(user.role) ? safeRedirect(url.searchParams.get("redirectTo")) : PENDING_PATH,
    );
  const { toast, headers } = await readToast(request);
  return data({ toast }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: authFormSchema });
  const intent: Tab = formData.get("intent") === "sign-up" ? "sign-up" : "sign-in";
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const value = submission.value;
  if (value.intent === "sign-up" && isCommonPassword(value.password)) {
    return data(
      {
        intent,
        result: submission.reply({
          fieldErrors: { password: [AUTH.passwordTooCommon] },
          hideFields: ["password"],
        }),
      },
      { status: 400 },
    );
  }
  const response =
    value.intent === "sign-in"
      ? await callAuthEndpoint(request, context, "/sign-in/email", {
          email: value.email,
          password: value.password,
        })
      : await callAuthEndpoint(request, context, "/sign-up/email", {
          name: value.name,
          email: value.email,
          password: value.password,
        });
  if (!response.ok) {
    const message = await authErrorMessage(response);
    // Too many attempts (429) or too many at once (503) keep their status and Retry-After.
    const busy = response.status === 429 || response.status === 503;
    const retryAfter = response.headers.get("Retry-After");
    return data(
      { intent, result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      {
        status: busy ? response.status : 400,
        headers: busy && retryAfter ? { "Retry-After": retryAfter } : undefined,
      },
    );
  }
  const cookies = setCookieHeaders(response);
  if (value.intent === "sign-in" && (await asksForSecondFactor(response))) {
    // The password was right; the session waits for a code (a short-lived challenge cookie).
    const next = new URLSearchParams({ redirectTo: safeRedirect(value.redirectTo) });
    return redirect(`${TWO_FACTOR_PATH}?${next}`, { headers: cookies });
  }
  if (value.intent === "sign-up") {
    // The same answer for a new and a taken email (no one is signed in by a sign-up): a new
    // account waits for an owner's approval, and its person signs in to see it.
    return redirect(`/auth?${new URLSearchParams({ tab: "sign-in", "signed-up": "1" })}`, {
      headers: cookies,
    });
  }
  return redirectWithToast(
    safeRedirect(value.redirectTo),
    {
      type: "success",
      title: SUCCESS.signedInTitle,
      description: SUCCESS.signedIn,
    },
    cookies,
  );
}

/** A refused attempt's Retry-After reaches the browser (cookies are passed on by themselves). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const business = businessFromMatches(matches);
  return [
    { title: `Admin Login | ${business.name}` },
    {
      name: "description",
      content: `Sign in to the ${business.name} dashboard to manage your locksmith business.`,
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function AuthPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const business = businessFromMatches(matches);
  const tab: Tab =
    (actionData?.intent ?? searchParams.get("tab")) === "sign-up" ? "sign-up" : "sign-in";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const signedUp = searchParams.get("signed-up") === "1" && !actionData;
  const tabHref = (next: Tab) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", next);
    params.delete("signed-up");
    return `?${params}`;
  };
  useFlashToast(loaderData.toast);
  // A failed attempt's toast should not follow the user into the dashboard.
  useEffect(() => () => void toast.dismiss(), []);

  return (
    <AuthShell businessName={business.name}>
      <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
      <p className="mt-1 text-sm text-muted-foreground">Manage your locksmith business</p>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              params.set("tab", next);
              return params;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        className="mt-6"
      >
        <TabsList>
          {/* Links to the tab's address, so a tap before hydration (or without JavaScript)
              opens it too (decision 0058); once hydrated, Radix switches in place. */}
          <TabsTrigger value="sign-in" asChild>
            <Link to={tabHref("sign-in")} replace preventScrollReset>
              Sign In
            </Link>
          </TabsTrigger>
          <TabsTrigger value="sign-up" asChild>
            <Link to={tabHref("sign-up")} replace preventScrollReset>
              Sign Up
            </Link>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          {signedUp && (
            <Alert variant="success" className="mb-4">
              <CheckCircle2 aria-hidden="true" />
              <AlertDescription>
                <strong className="block font-semibold">{AUTH.signUpReceivedTitle}</strong>
                {AUTH.signUpReceived}
              </AlertDescription>
            </Alert>
          )}
          <SignInForm
            actionData={actionData?.intent === "sign-in" ? actionData : undefined}
            redirectTo={redirectTo}
          />
          <p className="mt-4 text-center text-sm text-muted-foreground">
            New here?{" "}
            <Link to="?tab=sign-up" className="font-medium text-brand-700 underline">
              Create an account
            </Link>
          </p>
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm
            actionData={actionData?.intent === "sign-up" ? actionData : undefined}
            redirectTo={redirectTo}
          />
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Have an account?{" "}
            <Link to="?tab=sign-in" className="font-medium text-brand-700 underline">
              Sign in
            </Link>
          </p>
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}

type ActionData = Route.ComponentProps["actionData"];

/**
 * Shows the form's error as a destructive toast ('Sign In Failed' / 'Sign Up Failed',
 * docs/spec/back-office.md §8), once per submission.
 */
function useFailureToast(title: string, actionData: ActionData) {
  const message = actionData?.result.error?.[""]?.[0];
  useEffect(() => {
    if (message) toast.error(title, { description: message });
  }, [actionData, message, title]);
  return message;
}

function useSubmitting(intent: Tab) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function SignInForm({ actionData, redirectTo }: { actionData: ActionData; redirectTo: string }) {
  const [form, fields] = useZodForm({
    id: "sign-in",
    schema: signInSchema,
    lastResult: actionData?.result,
  });
  const submitting = useSubmitting("sign-in");
  const formError = useFailureToast(AUTH.signInFailedTitle, actionData);
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert>{formError}</FormAlert>
      <EmailField meta={fields.email} />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Signing In..." : "Sign In"}
      </Button>
      <Link
        to="/auth/forgot"
        className="justify-self-center text-sm font-medium text-brand-700 underline"
      >
        Forgot password?
      </Link>
    </Form>
  );
}

function SignUpForm({ actionData, redirectTo }: { actionData: ActionData; redirectTo: string }) {
  const [form, fields] = useZodForm({
    id: "sign-up",
    schema: signUpSchema,
    lastResult: actionData?.result,
  });
  const submitting = useSubmitting("sign-up");
  const formError = useFailureToast(AUTH.signUpFailedTitle, actionData);
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert>{formError}</FormAlert>
      <InputField
        meta={fields.name}
        label="Full name"
        autoComplete="name"
        placeholder="Jane Smith"
      />
      <EmailField meta={fields.email} />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={AUTH.passwordHint}
      />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Creating Account..." : "Create Account"}
      </Button>
      <p className="text-xs text-muted-foreground">
        New accounts can use the dashboard once an owner approves them.
      </p>
    </Form>
  );
}
