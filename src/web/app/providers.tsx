import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { FullScreenLoading } from "../features/system/components/status-screens";
import { listenToOtherTabs } from "../lib/session";
import { router } from "./router";

// The toaster (sonner) downloads beside the first screen, not before it (lib/toast.ts).
const AppToaster = lazy(() => import("./app-toaster"));
// The "new version — Reload" banner and the worker's registration likewise (decision 059).
const UpdateBanner = lazy(() => import("./update-banner"));

export function App() {
  const { i18n } = useTranslation();
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
  // The driver's day kept on the phone and shown when the network fails (decision 062).
  // Its code loads beside the first screen, not in the entry every screen downloads.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import("./keep-driver-day").then(({ keepDriverDay }) => {
      if (!left) stop = keepDriverDay(queryClient);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* A screen outside the shell whose translations are still downloading. */}
      <Suspense fallback={<FullScreenLoading />}>
        <RouterProvider router={router} />
      </Suspense>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
      <Suspense fallback={null}>
        <UpdateBanner />
      </Suspense>
    </QueryClientProvider>
  );
}
