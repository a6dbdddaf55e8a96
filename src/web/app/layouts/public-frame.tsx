import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "../../features/system/components/brand";
import { LanguageSwitcher } from "./language-switcher";

/**
 * The public pages' frame — brand, language, footer — without a router, so the sign-in document
 * (src/web/login.tsx, outside the app's router: decision 022) and the router's PublicLayout look the same.
 * `home` wraps the brand in a link to the sign-in page.
 */
export function PublicFrame({
  home,
  children,
}: {
  home: (brand: ReactNode, className: string) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-2 focus:ring-brand-500"
      >
        {t("shell.skipToContent")}
      </a>
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        {home(
          <Brand />,
          "rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        )}
        <LanguageSwitcher />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 outline-none sm:items-center sm:px-6"
      >
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-slate-500">
        {t("shell.footer", { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
