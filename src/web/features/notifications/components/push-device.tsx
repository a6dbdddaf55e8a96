import { Bell, BellOff } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { isApiError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { SERVICE_WORKER_URL } from "../../../sw/protocol";
import { base64UrlToBytes } from "../../../sw/push";
import {
  fetchPushKey,
  usePushSubscriptions,
  useRemovePushSubscription,
  useSavePushSubscription,
} from "../api/push";

/** Where this browser stands: no push here, the user blocked it, or off / on for this device. */
type DeviceState = "checking" | "unsupported" | "blocked" | "off" | "on";

const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The app's service worker (registered by the app in a production build; else registered here). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  if (!import.meta.env.PROD) return null;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => null);
}

/**
 * "Turn on notifications on this device" (issue 41): asks the browser's permission, subscribes with
 * the server's VAPID key through the service worker and stores the subscription; turning off removes
 * it on both sides. The state is said as it is: not possible in this browser, blocked by the user,
 * off or on for this device. Which kinds arrive is the Push column of the preferences below.
 */
export function PushDevice() {
  const { t } = useTranslation("notifications");
  const supported = pushSupported();
  const servers = usePushSubscriptions(supported);
  const save = useSavePushSubscription();
  const remove = useRemovePushSubscription();
  const [state, setState] = useState<DeviceState>(supported ? "checking" : "unsupported");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const look = useCallback(async () => {
    if (!supported) return setState("unsupported");
    const reg = await registration();
    if (!reg) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    const sub = await reg.pushManager.getSubscription();
    setEndpoint(sub?.endpoint ?? null);
    const known = !!sub && !!servers.data?.subscriptions.some((s) => s.endpoint === sub.endpoint);
    setState(known && Notification.permission === "granted" ? "on" : "off");
  }, [supported, servers.data]);

  useEffect(() => {
    if (servers.data || servers.isError || !supported) void look();
  }, [look, servers.data, servers.isError, supported]);

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const reg = await registration();
      if (!reg) return setState("unsupported");
      const { publicKey } = await fetchPushKey();
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlToBytes(publicKey),
        }));
      const json = sub.toJSON();
      await save.mutateAsync({
        endpoint: sub.endpoint,
        expirationTime: sub.expirationTime,
        keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      });
      setEndpoint(sub.endpoint);
      setState("on");
      notify({ title: t("preferences.device.turnedOn"), variant: "success" });
    } catch (error) {
      notify({
        title: t("preferences.device.failed"),
        description: isApiError(error, 503) ? t("preferences.device.unavailable") : undefined,
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const reg = await registration();
      const sub = await reg?.pushManager.getSubscription();
      const row = servers.data?.subscriptions.find((s) => s.endpoint === (sub?.endpoint ?? endpoint));
      if (row) await remove.mutateAsync(row.id);
      await sub?.unsubscribe();
      setEndpoint(null);
      setState("off");
      notify({ title: t("preferences.device.turnedOff"), variant: "success" });
    } catch {
      notify({ title: t("preferences.device.failed"), variant: "error" });
    } finally {
      setBusy(false);
    }
  };

  const line =
    state === "unsupported"
      ? t("preferences.device.unsupported")
      : state === "blocked"
        ? t("preferences.device.blocked")
        : state === "on"
          ? t("preferences.device.on")
          : state === "off"
            ? t("preferences.device.off")
            : null;
  return (
    <section className="grid gap-2 rounded-md border border-slate-200 p-3" data-testid="push-device">
      <h3 className="text-sm font-semibold text-slate-900">{t("preferences.device.title")}</h3>
      <p className="text-sm text-slate-600">{t("preferences.device.description")}</p>
      <p className="text-sm font-medium text-slate-800" data-testid="push-device-state" data-state={state}>
        {state === "checking" ? <Spinner label={t("preferences.device.title")} /> : line}
      </p>
      {state === "off" || state === "on" ? (
        <div>
          {state === "off" ? (
            <Button onClick={() => void turnOn()} disabled={busy} data-testid="push-turn-on">
              {busy ? <Spinner /> : <Bell aria-hidden />}
              {t("preferences.device.turnOn")}
            </Button>
          ) : (
            <Button
              variant="outline"
              onClick={() => void turnOff()}
              disabled={busy}
              data-testid="push-turn-off"
            >
              {busy ? <Spinner /> : <BellOff aria-hidden />}
              {t("preferences.device.turnOff")}
            </Button>
          )}
        </div>
      ) : null}
    </section>
  );
}
