import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { IntentForm, TextInput } from "./intent-form";

/** What Settings → Sources knows of the Local Services connection (never the token). */
export interface LsaCardData {
  /** The server has the Google Ads developer token and OAuth client. */
  available: boolean;
  connection: {
    customerId: string;
    connectedAt: string | Date;
    lastPullAt: string | Date | null;
    lastError: string | null;
    lastErrorAt: string | Date | null;
  } | null;
}

/**
 * Google Local Services (issue 51): connected or not, the last pull, the last error in
 * words, Connect (customer ID and refresh token) and Disconnect. Owners only change it.
 */
export function LsaCard({ lsa, isOwner }: { lsa: LsaCardData; isOwner: boolean }) {
  const { connection } = lsa;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Google Local Services</CardTitle>
        <CardDescription>
          Leads from Local Services Ads are pulled every 5 minutes: messages and bookings become
          leads from “Google Local Services”; a call goes to the lead of the call we logged from
          that number. Each lead page can report a lead that was not real to Google for a credit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {connection ? (
          <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-medium">Status</dt>
            <dd>
              {connection.lastError ? "Connected, but the last pull failed" : "Connected"} (account{" "}
              {connection.customerId}, since {formatDateTime(connection.connectedAt)})
            </dd>
            <dt className="font-medium">Last pull</dt>
            <dd>
              {connection.lastPullAt
                ? formatDateTime(connection.lastPullAt)
                : "Not yet: it runs within a minute"}
            </dd>
            {connection.lastError && (
              <>
                <dt className="font-medium">Last error</dt>
                <dd className="font-medium text-destructive" role="status">
                  {connection.lastError}
                  {connection.lastErrorAt ? ` (${formatDateTime(connection.lastErrorAt)})` : ""}
                </dd>
              </>
            )}
          </dl>
        ) : (
          <p className="text-sm">
            {lsa.available
              ? "Not connected."
              : "Not available: the server has no Google Ads developer token and OAuth client (see the README)."}
          </p>
        )}
        {isOwner && lsa.available && (
          <IntentForm intent="lsa-connect" className="grid gap-2 sm:grid-cols-2 sm:items-end">
            <TextInput
              intent="lsa-connect"
              name="customerId"
              label="Google Ads customer ID"
              placeholder="123-456-7890"
              inputMode="numeric"
              defaultValue={connection?.customerId}
            />
            <TextInput
              intent="lsa-connect"
              name="refreshToken"
              label={connection ? "New refresh token" : "OAuth refresh token"}
              type="password"
            />
            <Button type="submit" className="justify-self-start">
              {connection ? "Reconnect" : "Connect"}
            </Button>
          </IntentForm>
        )}
        {isOwner && connection && (
          <IntentForm
            intent="lsa-disconnect"
            confirm="Disconnect Google Local Services? Leads already pulled stay; no new ones come in."
          >
            <Button type="submit" variant="outline">
              Disconnect
            </Button>
          </IntentForm>
        )}
      </CardContent>
    </Card>
  );
}
