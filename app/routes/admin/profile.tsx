import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AlertsCard } from "~/components/admin/profile/alerts-card";
import { TwoFactorCard, type EnrolmentView } from "~/components/admin/profile/two-factor-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-fields";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import type { LastResult } from "~/components/form-options";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { AUTH, FAILURE, RULE } from "~/lib/ui-text";
import { formatDateTime } from "~/lib/format";
import { profileActionSchema } from "~/lib/schemas/profile";
import { ROLE_LABELS } from "~/lib/auth/roles";
import { describeUserAgent } from "~/lib/auth/user-agent";
import { isCommonPassword } from "~/server/auth/password-policy.server";
import { authHeaders, setCookieHeaders, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { authErrorMessage } from "~/server/auth/errors.server";
import { RuleError } from "~/server/rule-error.server";
import { listSessions, revokeSession, updateDisplayName } from "~/server/auth/users.server";
import { recoveryCodesLeftFor } from "~/server/auth/auth.server";
import { isTwoFactorRequired } from "~/server/auth/two-factor.server";
import { requireRecentAuth } from "~/server/auth/recent-auth.server";
import { idleSecondsOf } from "~/server/auth/session-limits.server";
import { listPushSubscriptions } from "~/server/push/push-subscriptions.server";
import { vapidKeys } from "~/server/push/vapid.server";
import { pushIntents } from "./profile-push.server";
import { twoFactorIntents } from "./profile-two-factor.server";
import type { Route } from "./+types/profile";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { database, env, auth } = context.get(servicesContext);
  const db = database.db;
  const [sessions, required, recoveryCodesLeft, keys, devices] = await Promise.all([
    listSessions(db, user.id, idleSecondsOf(env)),
    isTwoFactorRequired(db),
    user.twoFactorEnabled ? recoveryCodesLeftFor(auth, user.id) : null,
    vapidKeys(db),
    listPushSubscriptions(db, user.id),
  ]);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    twoFactor: { enabled: user.twoFactorEnabled, required, recoveryCodesLeft },
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress,
      lastActive: session.updatedAt,
      current: session.id === user.sessionId,
    })),
    push: {
      publicKey: keys.publicKey,
      devices: devices.map(({ id, device, endpoint, createdAt, lastPushedAt }) => ({
        id,
        device,
        endpoint,
        createdAt,
        lastPushedAt,
      })),
    },
  };
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const { database, auth } = context.get(servicesContext);
  return handleIntents(request, profileActionSchema, {
    "update-name": {
      failure: FAILURE.updateProfile,
      form: true,
      run: async ({ name }) => {
        await updateDisplayName(database.db, user.id, name);
        return { toast: { title: "Profile updated", description: "Your name has been saved." } };
      },
    },
    "change-password": {
      failure: FAILURE.changePassword,
      form: true,
      hideFields: PASSWORD_FIELDS,
      run: async ({ currentPassword, newPassword }) => {
        if (isCommonPassword(newPassword)) {
          throw new RuleError(AUTH.passwordTooCommon, { field: "newPassword" });
        }
        const response = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: authHeaders(request, context),
          asResponse: true,
        });
        // Too many passwords being hashed at this moment (503) is not a wrong password.
        if (response.status === 503) {
          throw new RuleError(await authErrorMessage(response), {
            status: 503,
            retryAfter: Number(response.headers.get("Retry-After")) || 1,
          });
        }
        if (!response.ok) throw new RuleError(RULE.wrongPassword, { field: "currentPassword" });
        return {
          // The session is renewed: its new cookie goes back with the answer.
          headers: setCookieHeaders(response),
          toast: {
            title: "Password changed",
            description: "Your other sessions have been signed out.",
          },
        };
      },
    },
    ...twoFactorIntents(request, context),
    ...pushIntents(request, context),
    "revoke-session": {
      failure: FAILURE.endSession,
      form: true,
      run: async ({ sessionId }) => {
        if (sessionId === user.sessionId) throw new RuleError(RULE.currentSession);
        // Ending sessions asks for a password or code from the last 10 minutes (ASVS 7.5.2).
        await requireRecentAuth(context, "/admin/profile");
        const revoked = await revokeSession(database.db, user.id, sessionId);
        return {
          toast: revoked
            ? { title: "Session ended", description: "That device has been signed out." }
            : {
                type: "info",
                title: "Already signed out",
                description: "That session had already ended.",
              },
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Profile | Admin" }];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  // The authenticator being added stays on screen while its code is typed (and mistyped).
  const started =
    actionData?.intent === "two-factor-start" && actionData.ok
      ? (actionData.data as unknown as EnrolmentView)
      : undefined;
  const [enrolment, setEnrolment] = useState(started);
  if (started && started !== enrolment) setEnrolment(started);
  return (
    <>
      <PageHeader
        title="Profile"
        description={`${loaderData.user.email} · ${ROLE_LABELS[loaderData.user.role]}`}
      >
        {/* What the header's account menu holds, for a tap on it before hydration (0058). */}
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" variant="outline">
            Log out
          </Button>
        </Form>
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <NameCard
          name={loaderData.user.name}
          lastResult={actionData?.intent === "update-name" ? actionData.result : undefined}
        />
        <PasswordCard
          lastResult={actionData?.intent === "change-password" ? actionData.result : undefined}
        />
        <TwoFactorCard
          enabled={loaderData.twoFactor.enabled}
          required={loaderData.twoFactor.required}
          recoveryCodesLeft={loaderData.twoFactor.recoveryCodesLeft}
          enrolment={loaderData.twoFactor.enabled ? undefined : enrolment}
          lastResults={{
            start: actionData?.intent === "two-factor-start" ? actionData.result : undefined,
            confirm: actionData?.intent === "two-factor-confirm" ? actionData.result : undefined,
            disable: actionData?.intent === "two-factor-disable" ? actionData.result : undefined,
          }}
        />
        <SessionsCard
          sessions={loaderData.sessions}
          error={
            actionData?.intent === "revoke-session"
              ? actionData.result?.error?.[""]?.[0]
              : undefined
          }
        />
        <AlertsCard publicKey={loaderData.push.publicKey} devices={loaderData.push.devices} />
      </div>
    </>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function NameCard({ name, lastResult }: { name: string; lastResult: LastResult }) {
  const [form, fields] = useLazyZodForm({
    id: "update-name",
    loadSchema: () => import("~/lib/schemas/profile").then((schemas) => schemas.updateNameSchema),
    lastResult,
    defaultValue: { name },
    validateOn: "submit",
  });
  const busy = useBusy("update-name");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Display name</CardTitle>
        <CardDescription>Shown in the header and to your team.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="update-name" />
          <InputField meta={fields.name} label="Name" autoComplete="name" />
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Saving..." : "Save name"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function PasswordCard({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useLazyZodForm({
    id: "change-password",
    loadSchema: () =>
      import("~/lib/schemas/profile").then((schemas) => schemas.changePasswordSchema),
    lastResult,
  });
  const busy = useBusy("change-password");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="change-password" />
          <InputField
            meta={fields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordFields fields={fields} />
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Changing..." : "Change password"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

interface SessionView {
  id: string;
  device: string;
  ipAddress: string | null;
  lastActive: Date;
  current: boolean;
}

function SessionsCard({ sessions, error }: { sessions: SessionView[]; error: string | undefined }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">Where you're signed in</CardTitle>
        <CardDescription>End any session you don't recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        {error && <p className="mb-3 text-sm font-medium text-destructive">{error}</p>}
        <ul className="divide-y divide-border">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="flex items-center gap-2 font-medium">
                  {session.device}
                  {session.current && <Badge variant="success">This device</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {session.ipAddress ?? "Unknown address"} · last active{" "}
                  {formatDateTime(session.lastActive)}
                </p>
              </div>
              {!session.current && (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <Button type="submit" variant="outline" size="sm">
                    End session<span className="sr-only"> on {session.device}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
