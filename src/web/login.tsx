import "./styles.css";
import { ROUTES } from "@shared/access";
import { StrictMode, Suspense, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { PublicFrame } from "./app/layouts/public-frame";
import LoginPage from "./features/auth/pages/login-page";
import { FullScreenLoading } from "./features/system/components/status-screens";
import { api } from "./lib/api";
import i18n, { i18nReady } from "./lib/i18n";
import { routeTitleKey } from "./lib/navigation";
import { registerServiceWorker } from "./lib/service-worker";
import { takeReturnPath } from "./lib/session";

/**
 * The sign-in page is a document of its own (decision 022): the first thing every user downloads,
 * it carries React, the translations and its form — not the app's router, query cache, form library
 * or the full zod. Signing in loads the app (src/web/main.tsx) at the page the user came from.
 */
function SignInDocument() {
  const { t } = useTranslation();
  const title = t(routeTitleKey("login"));
  const appName = t("appName");
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <PublicFrame
      home={(brand, className) => (
        <a href={ROUTES.login.path} className={className}>
          {brand}
        </a>
      )}
    >
      <LoginPage />
    </PublicFrame>
  );
}

async function start() {
  // Someone already signed in goes straight on, as the app's own guard would send them.
  const session = await api.get("/api/session").catch(() => null);
  if (session?.me) {
    window.location.replace(takeReturnPath());
    return;
  }
  await i18nReady.catch(() => undefined);
  document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Suspense fallback={<FullScreenLoading />}>
        <SignInDocument />
      </Suspense>
    </StrictMode>,
  );
  // Most users' first page: the app is stored for offline use while they sign in.
  registerServiceWorker();
}

void start();
