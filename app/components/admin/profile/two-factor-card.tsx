import { getFormProps } from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-fields";
import { TWO_FACTOR_REQUIRED } from "~/lib/ui-text-profile";
import type { LastResult } from "~/components/form-options";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";

/** What the server drew for a new authenticator (see app/server/auth/two-factor.server.ts). */
export interface EnrolmentView {
  qrSvg: string;
  secret: string;
  recoveryCodes: string[];
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * Profile → Two-factor sign-in. Off: the password starts adding an authenticator. Adding:
 * the QR code, the secret as text and ten recovery codes, then a code from the app turns it
 * on. On: one code (from the app, or a recovery code) turns it off.
 */
export function TwoFactorCard({
  enabled,
  required,
  recoveryCodesLeft,
  enrolment,
  lastResults,
}: {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number | null;
  enrolment: EnrolmentView | undefined;
  lastResults: Partial<Record<"start" | "confirm" | "disable", LastResult>>;
}) {
  return (
    <Card id="two-factor" className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" />
          Two-factor sign-in
          {enabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
        </CardTitle>
        <CardDescription>
          A code from an authenticator app (Google Authenticator, 1Password, Authy…) after your
          password, so a stolen password alone does not open the back office.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {required && !enabled && (
          <Alert variant="destructive">
            <AlertDescription>{TWO_FACTOR_REQUIRED}</AlertDescription>
          </Alert>
        )}
        {enabled ? (
          <DisableForm lastResult={lastResults.disable} recoveryCodesLeft={recoveryCodesLeft} />
        ) : enrolment ? (
          <EnrolmentSteps enrolment={enrolment} lastResult={lastResults.confirm} />
        ) : (
          <StartForm lastResult={lastResults.start} />
        )}
      </CardContent>
    </Card>
  );
}

function StartForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useLazyZodForm({
    id: "two-factor-start",
    loadSchema: () =>
      import("~/lib/schemas/profile").then((schemas) => schemas.twoFactorStartSchema),
    lastResult,
    validateOn: "submit",
  });
  const busy = useBusy("two-factor-start");
  return (
    <Form method="post" className="grid max-w-sm gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="two-factor-start" />
      <InputField
        meta={fields.password}
        label="Your password"
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? "Starting..." : "Add an authenticator app"}
      </Button>
    </Form>
  );
}

function EnrolmentSteps({
  enrolment,
  lastResult,
}: {
  enrolment: EnrolmentView;
  lastResult: LastResult;
}) {
  const [form, fields] = useLazyZodForm({
    id: "two-factor-confirm",
    loadSchema: () =>
      import("~/lib/schemas/profile").then((schemas) => schemas.twoFactorConfirmSchema),
    lastResult,
    validateOn: "submit",
  });
  const busy = useBusy("two-factor-confirm");
  // A data: URI in an <img>: the server's SVG is shown without ever being parsed as markup.
  const qr = `data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li>
          <p className="font-medium">Scan this code with your authenticator app.</p>
          <img
            src={qr}
            alt="QR code to add this account to an authenticator app"
            width={192}
            height={192}
            className="mt-2 rounded-md border bg-white"
          />
          <p className="mt-2 text-muted-foreground">Or type this key into the app:</p>
          <p className="font-mono text-base tracking-wide" data-testid="totp-secret">
            {enrolment.secret}
          </p>
        </li>
        <li>
          <p className="font-medium">Keep these recovery codes somewhere safe.</p>
          <p className="text-muted-foreground">
            Each opens your account once if you lose your phone. They are shown only now.
          </p>
          <ul
            aria-label="Recovery codes"
            className="mt-2 grid gap-1 font-mono text-sm xl:grid-cols-2"
          >
            {enrolment.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
      </ol>
      <Form method="post" className="grid content-start gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <InputField
          meta={fields.code}
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="Six digits; it changes every 30 seconds."
        />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Checking..." : "Turn on two-factor sign-in"}
        </Button>
      </Form>
    </div>
  );
}

function DisableForm({
  lastResult,
  recoveryCodesLeft,
}: {
  lastResult: LastResult;
  recoveryCodesLeft: number | null;
}) {
  const [form, fields] = useLazyZodForm({
    id: "two-factor-disable",
    loadSchema: () =>
      import("~/lib/schemas/profile").then((schemas) => schemas.twoFactorDisableSchema),
    lastResult,
  });
  const busy = useBusy("two-factor-disable");
  return (
    <Form method="post" className="grid max-w-sm gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="two-factor-disable" />
      {recoveryCodesLeft !== null && (
        <p className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
          {recoveryCodesLeft === 1
            ? "1 recovery code left."
            : `${recoveryCodesLeft} recovery codes left.`}{" "}
          Turning two-factor off and on again gives ten new ones.
        </p>
      )}
      <InputField
        meta={fields.code}
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        hint="To turn it off, prove you still have the app (or a recovery code)."
      />
      <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
        {busy ? "Turning off..." : "Turn off two-factor sign-in"}
      </Button>
    </Form>
  );
}
