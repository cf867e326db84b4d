import { useFetcher } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useHydrated } from "~/utils/use-hydrated";

/** A VAPID public key (URL-safe base64) as the bytes pushManager.subscribe takes. */
function keyBytes(base64: string) {
  const padded = `${base64}${"=".repeat((4 - (base64.length % 4)) % 4)}`.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

type State = "idle" | "working" | "unsupported" | "denied" | "failed";

const messages: Record<Exclude<State, "idle" | "working">, string> = {
  unsupported: "This browser cannot receive push notifications.",
  denied: "This browser blocks notifications from this site. Allow them in its site settings, then try again.",
  failed: "Push notifications could not be turned on. Try again later.",
};

/**
 * Turns on push notifications for this browser: with the employee's consent,
 * registers the service worker (/sw.js), subscribes with the program's VAPID
 * key and sends the subscription to the server. Push needs JavaScript, so
 * without it the card says so.
 */
export function PushSubscribe({ publicKey, consented }: { publicKey: string; consented: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [state, setState] = useState<State>("idle");
  const subscribed = fetcher.data?.ok === true;

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return setState("unsupported");
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await navigator.serviceWorker.register("/sw.js");
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const { endpoint, keys } = subscription.toJSON();
      fetcher.submit({ intent: "push-subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "", consent: "on" }, { method: "post" });
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  return (
    <Card className="p-6">
      <h2 className="mb-2 font-semibold">Push notifications on this device</h2>
      {!hydrated ? (
        <p className="text-sm text-slate-700">Push notifications need JavaScript in this browser.</p>
      ) : subscribed ? (
        <p role="status" className="text-sm text-slate-700">
          This browser will receive push notifications.
        </p>
      ) : (
        <form onSubmit={subscribe} className="grid gap-3">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="consent" required defaultChecked={consented} className="mt-0.5 size-4" />
            I agree that my notifications are sent to this browser through its push service.
          </label>
          <div>
            <Button type="submit" disabled={state === "working" || fetcher.state !== "idle"}>
              Turn on push notifications
            </Button>
          </div>
          {state in messages ? (
            <p role="alert" className="text-sm text-red-700">
              {messages[state as keyof typeof messages]}
            </p>
          ) : null}
        </form>
      )}
    </Card>
  );
}
