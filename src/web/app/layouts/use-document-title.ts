import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { routeTitleKey, useRouteKey } from "../../lib/navigation";

/** Names the browser tab after the open screen, in the current language. */
export function useDocumentTitle() {
  const { t } = useTranslation();
  const routeKey = useRouteKey();
  const title = routeKey ? t(routeTitleKey(routeKey)) : "";
  const appName = t("appName");
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
