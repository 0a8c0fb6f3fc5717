import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

/** Settings → Team: whether everyone must use two-factor sign-in (an owner decides). */
export function TwoFactorPolicy({ required, isOwner }: { required: boolean; isOwner: boolean }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "two-factor-required";
  return (
    <div className="mb-2 flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          Two-factor sign-in for everyone
          <Badge variant={required ? "default" : "secondary"}>
            {required ? "Required" : "Optional"}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {required
            ? "Anyone without an authenticator app is sent to Profile to add one before anything else."
            : "Each person turns it on in Profile. Requiring it protects every customer's details."}
        </p>
      </div>
      {isOwner && (
        <Form method="post">
          <input type="hidden" name="required" value={required ? "off" : "on"} />
          <Button
            type="submit"
            name="intent"
            value="two-factor-required"
            size="sm"
            variant={required ? "outline" : "default"}
            disabled={busy}
          >
            {required ? "Make optional" : "Require for everyone"}
          </Button>
        </Form>
      )}
    </div>
  );
}
