import { LANGUAGES, type Language } from "@shared/i18n/i18n.config";
import { Check } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { useTranslation } from "react-i18next";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { SwitcherButton } from "./language-switcher";

/** The language menu (loaded by language-switcher.tsx on the first interaction), open on arrival. */
export default function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2) as Language;
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <SwitcherButton className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <M.RadioGroup value={current} onValueChange={(lng) => void i18n.changeLanguage(lng)}>
          {LANGUAGES.map((lng) => (
            <M.RadioItem
              key={lng}
              value={lng}
              lang={lng}
              className="flex cursor-pointer select-none items-center justify-between gap-3 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              {t(`languages.${lng}`)}
              <M.ItemIndicator>
                <Check className="size-4 text-brand-700" aria-hidden />
              </M.ItemIndicator>
            </M.RadioItem>
          ))}
        </M.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
