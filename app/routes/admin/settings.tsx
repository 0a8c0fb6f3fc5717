import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AccountActivityCard } from "~/components/admin/settings/account-activity-card";
import { SitePromisesCard } from "~/components/admin/settings/site-promises-card";
import { TeamCard, type ResetLinkView } from "~/components/admin/settings/team-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FAILURE } from "~/lib/ui-text";
import { settingsActionSchema } from "~/lib/schemas/settings";
import { listAccountActivity } from "~/server/auth/account-activity.server";
import { liftLockout } from "~/server/auth/lockout.server";
import {
  createResetLink,
  RESET_LINK_HOURS,
  resetLinkUrl,
} from "~/server/auth/password-reset.server";
import { requireRecentAuth } from "~/server/auth/recent-auth.server";
import { requireOwner, userContext } from "~/server/auth/session.server";
import { idleSecondsOf } from "~/server/auth/session-limits.server";
import {
  isTwoFactorRequired,
  resetTwoFactor,
  setTwoFactorRequired,
} from "~/server/auth/two-factor.server";
import {
  approveMember,
  endSessionsOf,
  listTeam,
  removeUser,
  setRole,
} from "~/server/auth/users.server";
import { businessContact } from "~/server/business.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { readAutoPhoneLeads, writeAutoPhoneLeads } from "~/server/phones/call-events.server";
import { readSitePromises } from "~/server/reports/site-promises.server";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { env, database } = context.get(servicesContext);
  const isOwner = user.role === "owner";
  return {
    me: { id: user.id, isOwner },
    team: await listTeam(database.db, idleSecondsOf(env)),
    twoFactorRequired: await isTwoFactorRequired(database.db),
    // Sign-ins with their addresses and devices: for owners only.
    accountActivity: isOwner ? await listAccountActivity(database.db) : [],
    business: businessContact(env),
    sitePromises: await readSitePromises(database.db),
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

const SETTINGS_PATH = "/admin/settings";

export async function action({ request, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const actor = { kind: "user" as const, id: owner.id, name: owner.name };
  /** Roles, two-factor and passwords: only with a password or code from the last 10 minutes. */
  const confirmed = () => requireRecentAuth(context, SETTINGS_PATH);
  const team = { failure: FAILURE.updateTeam };
  return handleIntents(request, settingsActionSchema, {
    approve: {
      ...team,
      run: async ({ userId }) => {
        await confirmed();
        await approveMember(db, userId, actor);
        return {
          toast: { title: "Account approved", description: "They can use the dashboard now." },
        };
      },
    },
    "set-role": {
      ...team,
      run: async ({ userId, role }) => {
        await confirmed();
        await setRole(db, userId, role, actor);
        return { toast: { title: "Role updated", description: "The new role applies at once." } };
      },
    },
    revoke: {
      ...team,
      run: async ({ userId }) => {
        await confirmed();
        await setRole(db, userId, "pending", actor);
        return { toast: { title: "Access revoked", description: "Their sessions have ended." } };
      },
    },
    remove: {
      ...team,
      run: async ({ userId }) => {
        await confirmed();
        await removeUser(db, userId, actor);
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
        await confirmed();
        const on = required === "on";
        await setTwoFactorRequired(db, on, actor);
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
        await confirmed();
        await resetTwoFactor(db, userId, actor);
        return {
          toast: {
            title: "Two-factor sign-in reset",
            description: "They sign in with their password and can add an authenticator again.",
          },
        };
      },
    },
    "make-reset-link": {
      failure: FAILURE.makeResetLink,
      run: async ({ userId }) => {
        await confirmed();
        const { token, member } = await createResetLink(db, userId, "owner", actor);
        const link: ResetLinkView = {
          ...member,
          link: resetLinkUrl(env.SITE_URL, token),
          hours: RESET_LINK_HOURS.owner,
        };
        return { data: link };
      },
    },
    "end-sessions": {
      ...team,
      run: async ({ userId }) => {
        await confirmed();
        await endSessionsOf(db, userId, owner.sessionId, actor);
        return {
          toast: { title: "Sessions ended", description: "They must sign in again everywhere." },
        };
      },
    },
    "lift-lockout": {
      failure: FAILURE.liftLockout,
      run: async ({ userId }) => {
        await liftLockout(db, userId, actor);
        return {
          toast: { title: "Lockout lifted", description: "They can sign in again now." },
        };
      },
    },
    "auto-phone-leads": {
      failure: FAILURE.updateSetting,
      run: async ({ enabled }) => {
        const on = enabled === "on";
        await writeAutoPhoneLeads(db, on, actor);
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

/** The settings that have a page of their own. */
const SETTINGS_PAGES = [
  {
    title: "Messages",
    description:
      "The sender number, which texts are sent (to locksmiths and customers) and their words.",
    to: "/admin/settings/messages",
    link: "Text settings",
  },
  {
    title: "Prices",
    description:
      "What each service usually costs: a final price far outside it is confirmed by the locksmith and flagged for you.",
    to: "/admin/settings/prices",
    link: "Price settings",
  },
  {
    title: "Sources",
    description:
      "Where leads come from: tracking numbers for calls, and each source's monthly spend for the reports' cost per booked job.",
    to: "/admin/settings/sources",
    link: "Source settings",
  },
  {
    title: "Reviews",
    description:
      "How long you have to check a review from a job before it goes on the website by itself.",
    to: "/admin/settings/reviews",
    link: "Review settings",
  },
  {
    title: "Receipts",
    description:
      "The business's legal name and address on every receipt, and a tax rate per kind of line (none unless you set one).",
    to: "/admin/settings/receipts",
    link: "Receipt settings",
  },
  {
    title: "Phone",
    description:
      "How the business number rings (the office's phones, then the on-call person, then voicemail), the night menu, the missed-call text-back and how long recordings are kept.",
    to: "/admin/settings/phone",
    link: "Phone settings",
  },
  {
    title: "Compliance",
    description:
      "The business's insurance, bond and background check, and every locksmith's paper that has lapsed or runs out within 30 days.",
    to: "/admin/settings/compliance",
    link: "Compliance file",
  },
  {
    title: "Door checks",
    description:
      "How long the records of identity and authority checked before an opening are kept (never below the legal minimum you enter) before their contents are purged.",
    to: "/admin/settings/door-checks",
    link: "Door check settings",
  },
  {
    title: "Night watch",
    description:
      "Time limits that raise an alert, automatic offers that pass a request on by themselves, and who is on call for escalations.",
    to: "/admin/settings/night-watch",
    link: "Night watch settings",
  },
  {
    title: "Speed",
    description:
      "How fast the back office is on the office's own phones and computers, screen by screen, against its goals.",
    to: "/admin/settings/speed",
    link: "Speed figures",
  },
  {
    title: "Failed background work",
    description:
      "Texts and timers the server gave up on after its tries, to retry or drop, and how long finished work is kept.",
    to: "/admin/settings/failed-work",
    link: "Failed background work",
    ownerOnly: true,
  },
];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    me,
    team,
    twoFactorRequired,
    accountActivity,
    business,
    system,
    phoneCalls,
    sitePromises,
  } = loaderData;
  const resetLink =
    actionData?.intent === "make-reset-link" && actionData.ok
      ? (actionData.data as unknown as ResetLinkView)
      : undefined;
  return (
    <>
      <PageHeader
        title="Settings"
        description="Who can use the dashboard, and the business details in use."
      />
      <TeamCard me={me} team={team} twoFactorRequired={twoFactorRequired} resetLink={resetLink} />
      {me.isOwner && <AccountActivityCard entries={accountActivity} />}

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

      <SitePromisesCard checks={sitePromises} />

      <PhoneCallsCard phoneCalls={phoneCalls} isOwner={me.isOwner} />

      {SETTINGS_PAGES.filter((page) => me.isOwner || !page.ownerOnly).map((page) => (
        <Card key={page.to} className="mt-6">
          <CardHeader>
            <CardTitle as="h2">{page.title}</CardTitle>
            <CardDescription>{page.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <Link
              to={page.to}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {page.link}
            </Link>
          </CardContent>
        </Card>
      ))}
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
