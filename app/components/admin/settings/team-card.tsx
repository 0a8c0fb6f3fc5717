import type * as React from "react";
import { Form, useNavigation } from "react-router";
import { CopyText } from "~/components/admin/copy-text";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatDateTime } from "~/lib/format";
import { ROLE_LABELS, type Role } from "~/lib/auth/roles";
import { TwoFactorPolicy } from "./two-factor-policy";

/*
 * Settings → Team: who can use the dashboard, whether each has two-factor sign-in and whether
 * too many failed sign-ins locked them out; an owner approves, changes roles, revokes,
 * resets two-factor, makes a password reset link and lifts a lockout here.
 */

export interface TeamMemberView {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: Date | string;
  activeSessions: number;
  twoFactorEnabled: boolean;
  lockedUntil: Date | string | null;
}

/** A reset link an owner just made: shown this once, to pass on. */
export interface ResetLinkView {
  name: string;
  email: string;
  link: string;
  hours: number;
}

const ROLE_BADGE: Record<Role, "default" | "secondary" | "warning"> = {
  owner: "default",
  admin: "secondary",
  pending: "warning",
};

export function TeamCard({
  me,
  team,
  twoFactorRequired,
  resetLink,
}: {
  me: { id: string; isOwner: boolean };
  team: TeamMemberView[];
  twoFactorRequired: boolean;
  resetLink: ResetLinkView | undefined;
}) {
  return (
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
        {resetLink && <ResetLinkNotice link={resetLink} />}
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
                  {member.lockedUntil && (
                    <Badge variant="destructive">
                      Locked until {formatDateTime(member.lockedUntil)}
                    </Badge>
                  )}
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
  );
}

function ResetLinkNotice({ link }: { link: ResetLinkView }) {
  return (
    <Alert className="mb-4" data-testid="reset-link">
      <AlertDescription className="grid gap-2">
        <p>
          A password reset link for <strong>{link.name}</strong> ({link.email}). Pass it on
          privately: it works once, within {link.hours} hours, and is shown only now. Their sessions
          end when they set the new password.
        </p>
        <CopyText label="The reset link" text={link.link} rows={3} />
      </AlertDescription>
    </Alert>
  );
}

function MemberForm({
  member,
  intent,
  label,
  confirm,
  variant = "outline",
  busy,
}: {
  member: TeamMemberView;
  intent: string;
  label: string;
  confirm?: string;
  variant?: "outline" | "destructive" | "default";
  busy: boolean;
}) {
  const confirmFirst = (event: React.FormEvent) => {
    if (confirm && !window.confirm(confirm)) event.preventDefault();
  };
  return (
    <Form method="post" onSubmit={confirmFirst}>
      <input type="hidden" name="userId" value={member.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        size="sm"
        variant={variant}
        disabled={busy}
      >
        {label}
        <span className="sr-only"> for {member.name}</span>
      </Button>
    </Form>
  );
}

function MemberActions({ member, isMe }: { member: TeamMemberView; isMe: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === member.id;
  const lift = member.lockedUntil ? (
    <MemberForm member={member} intent="lift-lockout" label="Lift lockout" busy={busy} />
  ) : null;
  if (member.role === "pending") {
    return (
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="userId" value={member.id} />
          <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
            Approve<span className="sr-only"> {member.name}</span>
          </Button>
        </Form>
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(`Remove ${member.name}'s account?`)) event.preventDefault();
          }}
        >
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
        {lift}
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
      {lift}
      {!isMe && member.activeSessions > 0 && (
        <MemberForm
          member={member}
          intent="end-sessions"
          label="End sessions"
          confirm={`End every session of ${member.name}? They must sign in again on every device.`}
          busy={busy}
        />
      )}
      {!isMe && (
        <MemberForm
          member={member}
          intent="make-reset-link"
          label="Reset link"
          confirm={`Make a password reset link for ${member.name}? Any earlier link of theirs stops working.`}
          busy={busy}
        />
      )}
      {member.twoFactorEnabled && !isMe && (
        <MemberForm
          member={member}
          intent="reset-two-factor"
          label="Reset two-factor"
          confirm={`Reset ${member.name}'s two-factor sign-in? Do it only after checking it is them (in person or by phone). Their sessions end, and they sign in with their password alone until they add an authenticator again.`}
          busy={busy}
        />
      )}
      <MemberForm
        member={member}
        intent="revoke"
        label="Revoke access"
        confirm={`Revoke ${member.name}'s access? Their sessions end now.`}
        variant="destructive"
        busy={busy}
      />
    </div>
  );
}
