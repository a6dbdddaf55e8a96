import { LANGUAGES, type Language } from "@shared/i18n/i18n.config";
import { Check, ChevronDown, Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItemIndicator,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { cn } from "../../lib/cn";

/** The language detector caches the choice in localStorage, so it survives reloads and sign-outs. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2) as Language;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          "inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:bg-slate-100",
          className,
        )}
        data-testid="language-switcher"
      >
        <Languages className="size-4" aria-hidden />
        {/* The name starts with the code on the button ("EN"): what a voice-control user reads and says. */}
        <span className="uppercase">{current}</span>
        <span className="sr-only">{t("shell.language", { language: t(`languages.${current}`) })}</span>
        <ChevronDown className="size-3.5 text-slate-500" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuRadioGroup value={current} onValueChange={(lng) => void i18n.changeLanguage(lng)}>
          {LANGUAGES.map((lng) => (
            <DropdownMenuRadioItem key={lng} value={lng} lang={lng}>
              {t(`languages.${lng}`)}
              <DropdownMenuItemIndicator>
                <Check className="size-4 text-brand-700" aria-hidden />
              </DropdownMenuItemIndicator>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
