import { MapPin, MapPinOff, Pause } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { notify } from "../../../lib/toast";
import { ConsentDialog, DeniedDialog } from "./consent-dialog";
import { GeofencePrompt } from "./geofence-prompt";
import { positionQueue } from "./position-queue";
import { useConsent, useSharingState } from "./sharing-api";
import { useLocationSharing } from "./use-location-sharing";

const PAUSED_KEY = "lms.sharing.paused";
const readPaused = () => {
  try {
    return sessionStorage.getItem(PAUSED_KEY) === "1";
  } catch {
    return false;
  }
};

/**
 * The driver's location sharing in the app shell (decision 054), under the header on every screen:
 * a strip that says "Sharing location" (or paused / off / blocked) and opens what it offers — pause,
 * resume, stop (withdraws consent), the consent screen, how to unblock — and the geofence prompt.
 * Nothing shows when there is nothing to share (no load in progress, or consent given and off duty).
 */
export function LocationSharing() {
  const { t } = useTranslation("sharing");
  const sharing = useSharingState(true);
  const consent = useConsent();
  const [paused, setPausedState] = useState(readPaused);
  const [open, setOpen] = useState<"consent" | "manage" | "denied" | null>(null);
  // How many points wait on the phone, read when the sheet opens (the queue is in IndexedDB).
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    if (open === "manage") void positionQueue.size().then(setWaiting, () => setWaiting(0));
  }, [open]);
  const state = sharing.data;
  const { status, prompt, dismissPrompt, flush } = useLocationSharing(state, paused);

  const setPaused = (next: boolean) => {
    setPausedState(next);
    try {
      if (next) sessionStorage.setItem(PAUSED_KEY, "1");
      else sessionStorage.removeItem(PAUSED_KEY);
    } catch {
      // Kept for this page only.
    }
  };

  const agree = () =>
    consent.mutate(true, {
      onSuccess: () => {
        setOpen(null);
        setPaused(false);
        // Only now the browser asks for its permission; a refusal shows how to allow it.
        navigator.geolocation?.getCurrentPosition(
          () => {},
          (error) => error.code === error.PERMISSION_DENIED && setOpen("denied"),
        );
      },
      onError: (error) =>
        notify({ title: t("consent.failed"), description: describeError(error, t), variant: "error" }),
    });
  const withdraw = async () => {
    await flush();
    consent.mutate(false, {
      onSuccess: () => {
        setOpen(null);
        notify({ title: t("manage.withdrawn"), description: t("manage.withdrawnText"), variant: "success" });
      },
      onError: (error) =>
        notify({ title: t("consent.failed"), description: describeError(error, t), variant: "error" }),
    });
  };

  // Until the state is known, the strip's place is kept (most drivers on the road have the strip):
  // it never pushes the screen down under a finger about to tap.
  if (!state) return sharing.isPending ? <SharingStripPlace /> : null;
  type Look = { label: string; hint?: string; tone: "on" | "paused" | "off"; onTap?: () => void };
  let look: Look | null = null;
  if (!state.consented) {
    if (state.loadId)
      look = {
        label: t("indicator.off"),
        hint: t("indicator.offHint"),
        tone: "off",
        onTap: () => setOpen("consent"),
      };
  } else if (state.sharing) {
    if (status === "denied")
      look = {
        label: t("indicator.blocked"),
        hint: t("indicator.blockedHint"),
        tone: "off",
        onTap: () => setOpen("denied"),
      };
    else if (status === "unavailable") look = { label: t("indicator.unavailable"), tone: "off" };
    else if (paused)
      look = {
        label: t("indicator.paused"),
        hint: t("indicator.pausedHint"),
        tone: "paused",
        onTap: () => setOpen("manage"),
      };
    else
      look = {
        label: t("indicator.sharing"),
        hint: t("indicator.sharingHint"),
        tone: "on",
        onTap: () => setOpen("manage"),
      };
  }

  const Icon = look?.tone === "on" ? MapPin : look?.tone === "paused" ? Pause : MapPinOff;
  return (
    <>
      {look ? (
        <button
          type="button"
          onClick={look.onTap}
          disabled={!look.onTap}
          data-testid="sharing-indicator"
          data-state={look.tone}
          className={cn(
            "flex min-h-11 w-full items-center gap-2 border-b px-4 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 sm:px-6 lg:px-8",
            look.tone === "on" && "border-emerald-200 bg-emerald-50 text-emerald-900",
            look.tone === "paused" && "border-slate-200 bg-slate-100 text-slate-800",
            look.tone === "off" && "border-amber-200 bg-amber-50 text-amber-900",
          )}
        >
          <span className="relative grid size-5 shrink-0 place-items-center" aria-hidden>
            {look.tone === "on" ? (
              <span className="absolute inline-flex size-3 animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />
            ) : null}
            <Icon className="relative size-4" />
          </span>
          <span className="font-medium">{look.label}</span>
          {look.hint ? (
            <span className="min-w-0 truncate text-xs opacity-80 max-sm:hidden">{look.hint}</span>
          ) : null}
        </button>
      ) : null}

      <ConsentDialog
        open={open === "consent"}
        onOpenChange={(next) => setOpen(next ? "consent" : null)}
        onAgree={agree}
        pending={consent.isPending}
        retentionDays={state.retentionDays}
      />
      <DeniedDialog open={open === "denied"} onOpenChange={(next) => setOpen(next ? "denied" : null)} />
      <Dialog
        open={open === "manage"}
        onOpenChange={(next) => setOpen(next ? "manage" : null)}
        title={t("manage.title")}
        description={paused ? t("manage.paused") : t("manage.sharing", { seconds: state.intervalSeconds })}
        closeLabel={t("common:actions.close")}
        footer={
          <>
            <Button variant="outline" size="lg" onClick={withdraw} disabled={consent.isPending}>
              {t("manage.withdraw")}
            </Button>
            <Button
              size="lg"
              onClick={() => {
                if (!paused) void flush();
                setPaused(!paused);
                setOpen(null);
              }}
            >
              {paused ? t("manage.resume") : t("manage.pause")}
            </Button>
          </>
        }
      >
        {waiting > 0 ? (
          <p className="text-sm text-slate-600">{t("manage.waiting", { count: waiting })}</p>
        ) : null}
      </Dialog>

      {prompt && !paused ? (
        <GeofencePrompt
          key={prompt.eventId}
          prompt={prompt}
          onDone={() => dismissPrompt(prompt.eventId)}
          onNotYet={() => dismissPrompt(prompt.eventId)}
        />
      ) : null}
    </>
  );
}

/**
 * The strip's place while its code or state loads (the layout's Suspense fallback, then this
 * component until the server answers): the same height, empty, so the strip appearing moves nothing.
 */
export function SharingStripPlace() {
  return (
    <div aria-hidden className="min-h-11 border-b border-transparent" data-testid="sharing-strip-place" />
  );
}
