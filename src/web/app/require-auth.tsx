import { canOpen, homePathFor, ROUTES } from "@shared/access";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageError, FullScreenLoading } from "../features/system/components/status-screens";
import { useRouteKey } from "../lib/navigation";
import { finishIdentitySwitch, useIdentitySwitch, useMe } from "../lib/session";
import { LeaveForSignIn } from "./leave-for-sign-in";

/**
 * The gate of every signed-in route, read from the route table: no session → sign-in; temporary
 * password → change it first; role not admitted → home; drivers and customers have their own home.
 * Hiding a screen here is convenience only — the API refuses the same roles.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const routeKey = useRouteKey();
  const { data: me, error, isPending, isFetching, refetch } = useMe();
  const identitySwitch = useIdentitySwitch();
  const arrived = identitySwitch?.settled === true && location.pathname === identitySwitch.to;
  useEffect(() => {
    if (arrived && identitySwitch) finishIdentitySwitch(identitySwitch);
  }, [arrived, identitySwitch]);

  // `null` while refetching right after signing in is the previous session, not the answer.
  if (isPending || (identitySwitch && !arrived) || (me === null && isFetching)) return <FullScreenLoading />;
  if (error && me === undefined) {
    return (
      <FullPageError
        title={t("errors.fetchAppUser", { message: error.message })}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!me) return <LeaveForSignIn from={location} />;

  if (me.mustChangePassword && routeKey !== "changePassword") {
    return <Navigate to={ROUTES.changePassword.path} replace />;
  }
  if (!me.mustChangePassword && me.mustEnrolTwoFactor && routeKey !== "twoFactor") {
    return <Navigate to={ROUTES.twoFactor.path} replace />;
  }
  if (routeKey && !canOpen(me, routeKey)) return <Navigate to={ROUTES.home.path} replace />;
  if (routeKey === "home" && homePathFor(me.role) !== ROUTES.home.path) {
    return <Navigate to={homePathFor(me.role)} replace />;
  }
  return <Outlet />;
}
