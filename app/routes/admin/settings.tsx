import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { ROLE_LABELS, type Role } from "~/lib/roles";
import { FAILURE } from "~/lib/messages";
import { settingsActionSchema } from "~/lib/schemas/settings";
import { requireOwner, userActor, userContext } from "~/server/auth/session.server";
import {
  isTwoFactorRequired,
  resetTwoFactor,
  setTwoFactorRequired,
} from "~/server/auth/two-factor.server";
import { TwoFactorPolicy } from "~/components/admin/settings/two-factor-policy";
import { businessContact } from "~/server/business.server";
import { servicesContext } from "~/server/http/context.server";
import { handleIntents } from "~/server/http/intents.server";
import { readAutoPhoneLeads, writeAutoPhoneLeads } from "~/server/twilio/call-events.server";
import { approveMember, listTeam, removeUser, setRole } from "~/server/auth/users.server";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { env, database } = context.get(servicesContext);
  return {
    me: { id: user.id, isOwner: user.role === "owner" },
    team: await listTeam(database.db),
    twoFactorRequired: await isTwoFactorRequired(database.db),
    business: businessContact(env),
    system: {
      database:
        database.kind === "postgres"
          ? "PostgreSQL (DATABASE_URL)"
          : `Embedded PGlite (${env.DATA_DIR})`,
      demoData: env.DEMO_DATA,
    },
    phoneCalls: {
      autoLeads: await readAutoPhoneLeads(database.db),
      webhooksOn: Boolean(env.TWILIO_AUTH_TOKEN),
      recordingsOn: Boolean(env.TWILIO_AUTH_TOKEN && env.TWILIO_ACCOUNT_SID),
      voiceUrl: `${env.SITE_URL}/api/webhooks/twilio/voice`,
      recordingUrl: `${env.SITE_URL}/api/webhooks/twilio/recording`,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  const team = { failure: FAILURE.updateTeam };
  return handleIntents(request, settingsActionSchema, {
    approve: {
      ...team,
      run: async ({ userId }) => {
        await approveMember(db, userId);
        return {
          toast: { title: "Account approved", description: "They can use the dashboard now." },
        };
      },
    },
    "set-role": {
      ...team,
      run: async ({ userId, role }) => {
        await setRole(db, userId, role);
        return { toast: { title: "Role updated", description: "The new role applies at once." } };
      },
    },
    revoke: {
      ...team,
      run: async ({ userId }) => {
        await setRole(db, userId, "pending");
        return { toast: { title: "Access revoked", description: "Their sessions have ended." } };
      },
    },
    remove: {
      ...team,
      run: async ({ userId }) => {
        await removeUser(db, userId);
        return {
          toast: {
            title: "Account removed",
            description: "The account and its sessions are gone.",
          },
        };
      },
    },
    "two-factor-required": {
      failure: FAILURE.twoFactorRequirement,
      run: async ({ required }) => {
        const on = required === "on";
        await setTwoFactorRequired(db, on, userActor(context));
        return {
          toast: on
            ? {
                title: "Two-factor sign-in required",
                description: "Anyone without it is asked to add it before anything else.",
              }
            : { title: "Two-factor sign-in optional", description: "Each person decides." },
        };
      },
    },
    "reset-two-factor": {
      failure: FAILURE.resetTwoFactor,
      run: async ({ userId }) => {
        await resetTwoFactor(db, userId, userActor(context));
        return {
          toast: {
            title: "Two-factor sign-in reset",
            description: "They sign in with their password and can add an authenticator again.",
          },
        };
      },
    },
    "auto-phone-leads": {
      failure: FAILURE.updateSetting,
      run: async ({ enabled }) => {
        const on = enabled === "on";
        await writeAutoPhoneLeads(db, on);
        return {
          toast: on
            ? {
                title: "Automatic phone leads on",
                description: "Calls from new numbers create leads.",
              }
            : { title: "Automatic phone leads off", description: "Calls no longer create leads." },
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

const ROLE_BADGE: Record<Role, "default" | "secondary" | "warning"> = {
  owner: "default",
  admin: "secondary",
  pending: "warning",
};

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { me, team, twoFactorRequired, business, system, phoneCalls } = loaderData;
  return (
    <>
      <PageHeader
        title="Settings"
        description="Who can use the dashboard, and the business details in use."
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Team</CardTitle>
          <CardDescription>
            {me.isOwner
              ? "New sign-ups wait here until you approve them. Revoking access ends that person's sessions at once."
              : "Only an owner can approve sign-ups or change roles."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorPolicy required={twoFactorRequired} isOwner={me.isOwner} />
          <ul className="divide-y divide-border">
            {team.map((member) => (
              <li
                key={member.id}
                className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {member.name}
                    <Badge variant={ROLE_BADGE[member.role]}>{ROLE_LABELS[member.role]}</Badge>
                    {member.id === me.id && <Badge variant="outline">You</Badge>}
                    {member.role !== "pending" &&
                      (member.twoFactorEnabled ? (
                        <Badge variant="success">Two-factor on</Badge>
                      ) : (
                        <Badge variant={twoFactorRequired ? "warning" : "outline"}>
                          Two-factor off
                        </Badge>
                      ))}
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {member.email} · joined {formatDate(member.createdAt)} · {member.activeSessions}{" "}
                    active session
                    {member.activeSessions === 1 ? "" : "s"}
                  </p>
                </div>
                {me.isOwner && <MemberActions member={member} isMe={member.id === me.id} />}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Business details</CardTitle>
          <CardDescription>
            Read from the server's configuration (BUSINESS_NAME, BUSINESS_PHONE, BUSINESS_EMAIL,
            BUSINESS_CITY, SITE_URL).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-muted-foreground">Business name</dt>
            <dd>{business.name}</dd>
            <dt className="font-medium text-muted-foreground">Phone (every call button)</dt>
            <dd>{business.phone}</dd>
            <dt className="font-medium text-muted-foreground">Email</dt>
            <dd>{business.email}</dd>
            <dt className="font-medium text-muted-foreground">City</dt>
            <dd>{business.city}</dd>
            <dt className="font-medium text-muted-foreground">Website address</dt>
            <dd>{business.siteUrl}</dd>
            <dt className="font-medium text-muted-foreground">Database</dt>
            <dd>{system.database}</dd>
            <dt className="font-medium text-muted-foreground">Demo data</dt>
            <dd>
              {system.demoData === "on" ? "On (an empty database gets sample content)" : "Off"}
            </dd>
          </dl>
        </CardContent>
      </Card>

      <PhoneCallsCard phoneCalls={phoneCalls} isOwner={me.isOwner} />

      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Messages</CardTitle>
          <CardDescription>
            The sender number, which texts are sent (to locksmiths and customers) and their words.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link
            to="/admin/settings/messages"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Text settings
          </Link>
        </CardContent>
      </Card>
    </>
  );
}

function PhoneCallsCard({
  phoneCalls,
  isOwner,
}: {
  phoneCalls: Route.ComponentProps["loaderData"]["phoneCalls"];
  isOwner: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "auto-phone-leads";
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Phone calls</CardTitle>
        <CardDescription>
          Calls to the business's Twilio number are logged in Call Logs. The README explains how to
          point the number at this site.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              Automatic phone leads
              <Badge variant={phoneCalls.autoLeads ? "default" : "secondary"}>
                {phoneCalls.autoLeads ? "On" : "Off"}
              </Badge>
            </p>
            <p className="text-sm text-muted-foreground">
              An answered or missed call from a number with no open lead creates a new lead (source
              Phone, Emergency Lockout until you hear otherwise).
            </p>
          </div>
          {isOwner ? (
            <Form method="post">
              <input type="hidden" name="enabled" value={phoneCalls.autoLeads ? "off" : "on"} />
              <Button
                type="submit"
                name="intent"
                value="auto-phone-leads"
                size="sm"
                variant="outline"
                disabled={busy}
              >
                {phoneCalls.autoLeads ? "Turn off" : "Turn on"}
                <span className="sr-only"> automatic phone leads</span>
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground">Only an owner can change this.</p>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">Call webhooks</dt>
          <dd>
            {phoneCalls.webhooksOn
              ? "On (TWILIO_AUTH_TOKEN is set)"
              : "Off: set TWILIO_AUTH_TOKEN to receive calls"}
          </dd>
          <dt className="font-medium text-muted-foreground">Recordings</dt>
          <dd>
            {phoneCalls.recordingsOn
              ? "Playable in Call Logs"
              : "Not playable: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"}
          </dd>
          <dt className="font-medium text-muted-foreground">Call status callback URL</dt>
          <dd className="break-all">{phoneCalls.voiceUrl}</dd>
          <dt className="font-medium text-muted-foreground">Recording status callback URL</dt>
          <dd className="break-all">{phoneCalls.recordingUrl}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

interface Member {
  id: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
}

function MemberActions({ member, isMe }: { member: Member; isMe: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === member.id;
  const confirmFirst = (message: string) => (event: React.FormEvent) => {
    if (!window.confirm(message)) event.preventDefault();
  };
  if (member.role === "pending") {
    return (
      <div className="flex gap-2">
        <Form method="post">
          <input type="hidden" name="userId" value={member.id} />
          <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
            Approve<span className="sr-only"> {member.name}</span>
          </Button>
        </Form>
        <Form method="post" onSubmit={confirmFirst(`Remove ${member.name}'s account?`)}>
          <input type="hidden" name="userId" value={member.id} />
          <Button
            type="submit"
            name="intent"
            value="remove"
            size="sm"
            variant="outline"
            disabled={busy}
          >
            Decline<span className="sr-only"> {member.name}</span>
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="userId" value={member.id} />
        <label htmlFor={`role-${member.id}`} className="sr-only">
          Role for {member.name}
        </label>
        <select
          id={`role-${member.id}`}
          name="role"
          defaultValue={member.role}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="owner">Owner</option>
          <option value="admin">Admin</option>
        </select>
        <Button
          type="submit"
          name="intent"
          value="set-role"
          size="sm"
          variant="outline"
          disabled={busy}
        >
          Change role<span className="sr-only"> for {member.name}</span>
        </Button>
      </Form>
      {member.twoFactorEnabled && !isMe && (
        <Form
          method="post"
          onSubmit={confirmFirst(
            `Reset ${member.name}'s two-factor sign-in? Their sessions end, and they sign in with their password alone until they add an authenticator again.`,
          )}
        >
          <input type="hidden" name="userId" value={member.id} />
          <Button
            type="submit"
            name="intent"
            value="reset-two-factor"
            size="sm"
            variant="outline"
            disabled={busy}
          >
            Reset two-factor<span className="sr-only"> for {member.name}</span>
          </Button>
        </Form>
      )}
      <Form
        method="post"
        onSubmit={confirmFirst(`Revoke ${member.name}'s access? Their sessions end now.`)}
      >
        <input type="hidden" name="userId" value={member.id} />
        <Button
          type="submit"
          name="intent"
          value="revoke"
          size="sm"
          variant="destructive"
          disabled={busy}
        >
          Revoke access<span className="sr-only"> for {member.name}</span>
        </Button>
      </Form>
    </div>
  );
}
