import { useEffect, useState, useSyncExternalStore } from "react";
import { Form, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { formatDateTime } from "~/lib/format";
import {
  alertSoundEnabled,
  playAlertSound,
  setAlertSoundEnabled,
  subscribeAlertSound,
  unlockAlertSound,
} from "../alert-sound";
import { currentPushSubscription, pushSupported, subscribeThisDevice } from "../service-worker";

export interface PushDeviceView {
  id: string;
  device: string;
  endpoint: string;
  createdAt: Date;
  lastPushedAt: Date | null;
}

type PushState = "checking" | "unsupported" | "denied" | "dismissed" | "failed" | "off" | "on";

const STATE_TEXT: Record<PushState, string> = {
  checking: "Checking this browser…",
  unsupported: "This browser cannot show notifications from a website.",
  denied: "Notifications are blocked for this site in the browser's settings.",
  dismissed:
    "Not turned on: the browser's question was closed without Allow. Tap Turn on notifications and choose Allow.",
  failed:
    "Not turned on: this browser's push service refused to sign this device up. Try again in a minute, or use another browser.",
  off: "Off on this device.",
  on: "On: this device is told of new requests and escalations.",
};

/**
 * Profile → Alerts on this device: Web Push notifications (new requests and escalations reach
 * a locked phone), the operator's devices that get them, and the alert sound of an open tab.
 */
export function AlertsCard({
  publicKey,
  devices,
}: {
  publicKey: string;
  devices: PushDeviceView[];
}) {
  const hydrated = useHydrated();
  const subscribe = useFetcher();
  const [state, setState] = useState<PushState>("checking");
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const known = thisEndpoint !== null && devices.some((d) => d.endpoint === thisEndpoint);

  useEffect(() => {
    void (async () => {
      if (!pushSupported()) return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const subscription = await currentPushSubscription();
      setThisEndpoint(subscription?.endpoint ?? null);
      setState(subscription ? "on" : "off");
    })();
  }, [subscribe.state]);

  const turnOn = async () => {
    const result = await subscribeThisDevice(publicKey);
    if (!result.ok) {
      setState(result.reason);
      return;
    }
    setThisEndpoint(result.endpoint);
    void subscribe.submit(
      {
        intent: "push-subscribe",
        endpoint: result.endpoint,
        p256dh: result.p256dh,
        auth: result.auth,
      },
      { method: "post" },
    );
  };

  const shownState: PushState = state === "on" && !known ? "off" : state;
  // Off, or a refusal that a second try may get past: the button stays.
  const canTurnOn = shownState === "off" || shownState === "dismissed" || shownState === "failed";
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">Alerts on this device</CardTitle>
        <CardDescription>
          Notifications reach this phone or computer even when the back office is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="push-heading" className="grid gap-3">
          <h3 id="push-heading" className="font-semibold">
            Notifications
          </h3>
          <p className="text-sm text-muted-foreground" role="status">
            {hydrated ? STATE_TEXT[shownState] : "Notifications need JavaScript in this browser."}
          </p>
          <div className="flex flex-wrap gap-2">
            {hydrated && canTurnOn && (
              <Button
                type="button"
                onClick={() => void turnOn()}
                disabled={subscribe.state !== "idle"}
              >
                Turn on notifications
              </Button>
            )}
            {devices.length > 0 && (
              <Form method="post">
                <input type="hidden" name="intent" value="push-test" />
                <Button type="submit" variant="outline">
                  Send a test notification
                </Button>
              </Form>
            )}
          </div>
          {devices.length > 0 ? (
            <ul className="divide-y divide-border" aria-label="Devices that get notifications">
              {devices.map((device) => (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div>
                    <p className="flex items-center gap-2 font-medium">
                      {device.device}
                      {device.endpoint === thisEndpoint && (
                        <Badge variant="success">This device</Badge>
                      )}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Added {formatDateTime(device.createdAt)} ·{" "}
                      {device.lastPushedAt
                        ? `last notified ${formatDateTime(device.lastPushedAt)}`
                        : "not notified yet"}
                    </p>
                  </div>
                  <Form
                    method="post"
                    onSubmit={() => {
                      // This browser's own subscription ends too, or it would come back.
                      if (device.endpoint === thisEndpoint) {
                        void currentPushSubscription().then((s) => s?.unsubscribe());
                      }
                    }}
                  >
                    <input type="hidden" name="intent" value="push-remove" />
                    <input type="hidden" name="subscriptionId" value={device.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Remove<span className="sr-only"> {device.device}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No device gets notifications yet.</p>
          )}
        </section>
        <SoundSetting />
      </CardContent>
    </Card>
  );
}

/** Whether an open tab rings for a new request, on this device (kept in the browser). */
function SoundSetting() {
  const hydrated = useHydrated();
  const enabled = useSyncExternalStore(subscribeAlertSound, alertSoundEnabled, () => true);
  return (
    <section aria-labelledby="sound-heading" className="grid gap-3">
      <h3 id="sound-heading" className="font-semibold">
        Sound
      </h3>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={enabled}
          disabled={!hydrated}
          onChange={(event) => setAlertSoundEnabled(event.target.checked)}
        />
        Play a sound for new requests while the back office is open on this device
      </label>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={!hydrated || !enabled}
        onClick={() => void unlockAlertSound().then(() => playAlertSound())}
      >
        Play the sound
      </Button>
    </section>
  );
}
