import { RefreshCw } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { applyUpdate, isUpdateReady, onUpdateReady } from "../lib/service-worker";

/**
 * "A new version is available — Reload" (decision 059): stays until the user reloads (a toast would
 * leave after 5000 ms, and the version must not change under a half-filled form on its own). "Later"
 * hides it until the next load; the new version still waits, and this page keeps running its own.
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const ready = useSyncExternalStore(onUpdateReady, isUpdateReady, () => false);
  const [later, setLater] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (!ready || later) return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="fixed inset-x-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-lg flex-col gap-3 rounded-lg bg-slate-900 p-4 text-white shadow-lg sm:flex-row sm:items-center"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2 text-sm">
        <RefreshCw className="mt-0.5 size-4 shrink-0 text-brand-100" aria-hidden />
        <span>{t("update.available")}</span>
      </p>
      <div className="flex shrink-0 gap-2 max-sm:justify-end">
        <Button
          variant="ghost"
          className="text-white hover:bg-slate-800 hover:text-white"
          onClick={() => setLater(true)}
        >
          {t("update.later")}
        </Button>
        <Button
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          {t("update.reload")}
        </Button>
      </div>
    </div>
  );
}
