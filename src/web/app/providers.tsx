import { TOAST_DURATION_MS, TOAST_LIMIT } from "@shared/i18n/i18n.config";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { FullScreenLoading } from "../features/system/components/status-screens";
import { listenToOtherTabs } from "../lib/session";
import { router } from "./router";

export function App() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The first detected language is resolved before lib/i18n listens for changes.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
  );
  // A sign-in, sign-out or impersonation change in another tab updates this one too.
  useEffect(() => listenToOtherTabs(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* A screen outside the shell whose translations are still downloading. */}
      <Suspense fallback={<FullScreenLoading />}>
        <RouterProvider router={router} />
      </Suspense>
      <Toaster
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION_MS}
        position="top-right"
        // Below the top bar (its height: app-layout's useToastsBelow), so no toast hides the header
        // or the impersonation banner's "Return to admin".
        offset={{ top: "var(--toast-top, 24px)", right: "24px" }}
        mobileOffset={{ top: "var(--toast-top, 16px)", left: "16px", right: "16px" }}
        richColors
        closeButton
        containerAriaLabel={t("shell.notifications")}
        toastOptions={{ closeButtonAriaLabel: t("actions.close") }}
      />
    </QueryClientProvider>
  );
}
