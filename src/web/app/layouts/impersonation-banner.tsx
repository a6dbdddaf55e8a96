import { ROUTES } from "@shared/access";
import type { Me } from "@shared/auth/auth.schema";
import { useQueryClient } from "@tanstack/react-query";
import { Undo2, VenetianMask } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { ApiRequestError } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { broadcastAuthEvent, goToSignIn, stopImpersonation, switchIdentity } from "../../lib/session";
import { notify } from "../../lib/toast";

/** On every protected page while an admin browses as someone else, so it is never forgotten. */
export function ImpersonationBanner({ me }: { me: Me }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stopping, setStopping] = useState(false);
  if (!me.impersonation) return null;

  async function onReturn() {
    setStopping(true);
    try {
      await stopImpersonation();
    } catch (err) {
      setStopping(false);
      const adminSessionLost = err instanceof ApiRequestError && err.status === 401;
      notify({
        title: t("impersonation.stopFailed"),
        description: adminSessionLost ? t("impersonation.adminSessionLost") : t("common:errors.network"),
        variant: "error",
      });
      if (adminSessionLost) {
        // The sign-in document repeats why the user is there (the toast would not survive the load).
        broadcastAuthEvent("SIGNED_OUT");
        goToSignIn(undefined, "adminSessionLost");
      }
      return;
    }
    notify({
      title: t("impersonation.stopped"),
      description: t("impersonation.stoppedText"),
      variant: "success",
    });
    await switchIdentity(queryClient, "IMPERSONATION_CHANGED", ROUTES.userManagement.path, navigate);
  }

  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
    >
      <div className="flex flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-3 sm:px-6 lg:px-8">
        <p className="flex min-w-0 flex-1 items-start gap-2 text-sm sm:items-center">
          <VenetianMask className="mt-0.5 size-4 shrink-0 text-amber-700 sm:mt-0" aria-hidden />
          <span>
            {t("impersonation.banner", {
              email: me.user.email,
              role: t(`common:roles.${me.role}`),
              time: formatDateTime(me.impersonation.expiresAt),
            })}
          </span>
        </p>
        <Button
          size="sm"
          onClick={() => void onReturn()}
          disabled={stopping}
          className="self-start bg-amber-950 text-amber-50 hover:bg-amber-900 focus-visible:ring-amber-700 sm:self-auto"
        >
          <Undo2 aria-hidden />
          {t("impersonation.returnToAdmin")}
        </Button>
      </div>
    </div>
  );
}
