import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { FullScreenLoading } from "../features/system/components/status-screens";
import { listenToOtherTabs } from "../lib/session";
import { AppToaster } from "./app-toaster";
import { router } from "./router";

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
  return (
    <QueryClientProvider client={queryClient}>
      {/* A screen outside the shell whose translations are still downloading. */}
      <Suspense fallback={<FullScreenLoading />}>
        <RouterProvider router={router} />
      </Suspense>
      <AppToaster />
    </QueryClientProvider>
  );
}
