import type { Language } from "@shared/i18n/i18n.config";
import { ChevronDown, Languages } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

// The menu (Radix, its popper and focus layers: about 30 KB gzip) downloads when someone reaches for
// it — on hover or focus, so it is usually there before the click — never with the first screen.
const loadMenu = () => import("./language-menu");
const LanguageMenu = lazy(loadMenu);

/** The switcher's button, the same before and after the menu has loaded. */
export function SwitcherButton({ className, ...props }: ComponentProps<"button">) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2) as Language;
  return (
    <button
      type="button"
      {...props}
      className={cn(
        "inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:bg-slate-100",
        className,
      )}
      aria-label={t("shell.language", { language: t(`languages.${current}`) })}
      data-testid="language-switcher"
    >
      <Languages className="size-4" aria-hidden />
      <span className="uppercase">{current}</span>
      <ChevronDown className="size-3.5 text-slate-400" aria-hidden />
    </button>
  );
}

/** The language detector caches the choice in localStorage, so it survives reloads and sign-outs. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <SwitcherButton
      className={className}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu className={className} />
    </Suspense>
  );
}
