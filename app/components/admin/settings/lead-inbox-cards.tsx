import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import type { ConnectionView } from "~/lib/lead-inbox/partner-leads";

/*
 * Settings → Sources: Thumbtack's webhooks and Angi's lead e-mail (issue 51, decision 0073).
 * Each card says whether the connection is on, its last lead, and its last error in words;
 * an owner turns it on or off.
 */

const ACTION = "/admin/settings/sources/lead-inbox";

interface ThumbtackView extends ConnectionView {
  webhookUrl: string;
  receives: boolean;
  replies: boolean;
}

interface AngiView extends ConnectionView {
  receives: boolean;
  forwardingAddress: string | null;
}

function Toggle({ intent, on, name }: { intent: string; on: boolean; name: string }) {
  return (
    <Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="state" value={on ? "off" : "on"} />
      <Button type="submit" variant={on ? "outline" : "default"} size="sm">
        {on ? "Turn off" : "Turn on"}
        <span className="sr-only"> {name}</span>
      </Button>
    </Form>
  );
}

function Status({ connection, name }: { connection: ConnectionView; name: string }) {
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted-foreground">Last lead</dt>
      <dd>{connection.lastLeadAt ? formatDateTime(connection.lastLeadAt) : "None yet"}</dd>
      <dt className="text-muted-foreground">Last error</dt>
      <dd>
        {connection.lastError && connection.lastErrorAt ? (
          <span className="text-destructive">
            {formatDateTime(connection.lastErrorAt)}: {connection.lastError}
          </span>
        ) : (
          `None from ${name}`
        )}
      </dd>
    </dl>
  );
}

function Header({
  name,
  on,
  intent,
  isOwner,
  children,
}: {
  name: string;
  on: boolean;
  intent: string;
  isOwner: boolean;
  children: React.ReactNode;
}) {
  return (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
      <div className="grid gap-1.5">
        <CardTitle as="h2" className="flex items-center gap-2">
          {name}
          <Badge variant={on ? "success" : "secondary"}>{on ? "On" : "Off"}</Badge>
        </CardTitle>
        <CardDescription>{children}</CardDescription>
      </div>
      {isOwner && <Toggle intent={intent} on={on} name={name} />}
    </CardHeader>
  );
}

export function LeadInboxCards({
  inbox,
  isOwner,
}: {
  inbox: { thumbtack: ThumbtackView; angi: AngiView };
  isOwner: boolean;
}) {
  const { thumbtack, angi } = inbox;
  return (
    <>
      <Card>
        <Header
          name="Thumbtack"
          on={thumbtack.enabled}
          intent="thumbtack-connection"
          isOwner={isOwner}
        >
          Thumbtack’s leads and their messages arrive by themselves, with the source “Thumbtack”;
          replies from the lead page go out through Thumbtack.
        </Header>
        <CardContent className="grid gap-3">
          <p className="text-sm">
            {thumbtack.receives ? (
              <>
                Thumbtack’s webhook (new leads and messages) goes to{" "}
                <code className="break-all">{thumbtack.webhookUrl}</code>, with the password set on
                this server.
              </>
            ) : (
              "Not set up on this server: leads cannot arrive until THUMBTACK_WEBHOOK_SECRET is set."
            )}{" "}
            {thumbtack.replies
              ? "Replies are sent with the business’s Thumbtack token."
              : "Replies cannot be sent until Thumbtack's OAuth client (THUMBTACK_CLIENT_ID, THUMBTACK_CLIENT_SECRET, THUMBTACK_REFRESH_TOKEN) or THUMBTACK_ACCESS_TOKEN is set."}
          </p>
          <Status connection={thumbtack} name="Thumbtack" />
        </CardContent>
      </Card>
      <Card>
        <Header name="Angi" on={angi.enabled} intent="angi-connection" isOwner={isOwner}>
          Angi’s lead e-mails, forwarded to the address below, become leads with the source “Angi”
          (name, phone, address and the job).
        </Header>
        <CardContent className="grid gap-3">
          <p className="text-sm">
            {!angi.receives
              ? "Not set up on this server: e-mails cannot arrive until ANGI_INBOUND_SECRET and ANGI_INBOUND_DOMAIN are set."
              : angi.forwardingAddress
                ? "In your Angi account, send lead e-mails to:"
                : "Turn it on to get the forwarding address."}
          </p>
          {angi.receives && angi.forwardingAddress && (
            <p>
              <code className="break-all">{angi.forwardingAddress}</code>
            </p>
          )}
          <Status connection={angi} name="Angi" />
        </CardContent>
      </Card>
    </>
  );
}
