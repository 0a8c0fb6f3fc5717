import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-fields";
import { PASSWORD_HINT } from "~/lib/auth-schemas";
import { formatDateTime } from "~/lib/format";
import { changePasswordSchema, revokeSessionSchema, updateNameSchema } from "~/lib/profile-schemas";
import { ROLE_LABELS } from "~/lib/roles";
import { describeUserAgent } from "~/lib/user-agent";
import { authHeaders, setCookieHeaders, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/http/context.server";
import { toastHeaders } from "~/server/http/toast.server";
import { listSessions, revokeSession, updateDisplayName } from "~/server/auth/users.server";
import type { Route } from "./+types/profile";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const sessions = await listSessions(context.get(servicesContext).database.db, user.id);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress,
      lastActive: session.updatedAt,
      current: session.id === user.sessionId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const { database, auth } = context.get(servicesContext);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "update-name") {
    const submission = parseWithZod(formData, { schema: updateNameSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply() }, { status: 400 });
    await updateDisplayName(database.db, user.id, submission.value.name);
    return data(
      { intent, result: submission.reply() },
      {
        headers: await toastHeaders({
          type: "success",
          title: "Profile updated",
          description: "Your name has been saved.",
        }),
      },
    );
  }

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") {
      return data(
        {
          intent,
          result: submission.reply({
            hideFields: ["currentPassword", "newPassword", "confirmPassword"],
          }),
        },
        { status: 400 },
      );
    }
    const response = await auth.api.changePassword({
      body: {
        currentPassword: submission.value.currentPassword,
        newPassword: submission.value.newPassword,
        revokeOtherSessions: true,
      },
      headers: authHeaders(request, context),
      asResponse: true,
    });
    if (!response.ok) {
      return data(
        {
          intent,
          result: submission.reply({
            fieldErrors: { currentPassword: ["The current password is not correct"] },
            hideFields: ["currentPassword", "newPassword", "confirmPassword"],
          }),
        },
        { status: 400 },
      );
    }
    const headers = setCookieHeaders(response);
    for (const cookie of (
      await toastHeaders({
        type: "success",
        title: "Password changed",
        description: "Your other sessions have been signed out.",
      })
    ).getSetCookie()) {
      headers.append("Set-Cookie", cookie);
    }
    return data({ intent, result: submission.reply({ resetForm: true }) }, { headers });
  }

  if (intent === "revoke-session") {
    const submission = parseWithZod(formData, { schema: revokeSessionSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply() }, { status: 400 });
    if (submission.value.sessionId === user.sessionId) {
      return data(
        { intent, result: submission.reply({ formErrors: ["Use Log out to end this session."] }) },
        { status: 400 },
      );
    }
    const revoked = await revokeSession(database.db, user.id, submission.value.sessionId);
    return data(
      { intent, result: submission.reply() },
      {
        headers: await toastHeaders(
          revoked
            ? {
                type: "success",
                title: "Session ended",
                description: "That device has been signed out.",
              }
            : {
                type: "info",
                title: "Already signed out",
                description: "That session had already ended.",
              },
        ),
      },
    );
  }

  return data({ intent: null, result: null }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Profile | Admin" }];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Profile"
        description={`${loaderData.user.email} · ${ROLE_LABELS[loaderData.user.role]}`}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <NameCard
          name={loaderData.user.name}
          lastResult={actionData?.intent === "update-name" ? actionData.result : undefined}
        />
        <PasswordCard
          lastResult={actionData?.intent === "change-password" ? actionData.result : undefined}
        />
        <SessionsCard
          sessions={loaderData.sessions}
          error={
            actionData?.intent === "revoke-session"
              ? actionData.result?.error?.[""]?.[0]
              : undefined
          }
        />
      </div>
    </>
  );
}

type LastResult = SubmissionResult<string[]> | null | undefined;

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function NameCard({ name, lastResult }: { name: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "update-name",
    lastResult,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateNameSchema }),
    shouldRevalidate: "onInput",
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
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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
          <InputField
            meta={fields.newPassword}
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
          />
          <InputField
            meta={fields.confirmPassword}
            label="Repeat new password"
            type="password"
            autoComplete="new-password"
          />
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
