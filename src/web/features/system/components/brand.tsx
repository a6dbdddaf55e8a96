import { Truck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";

/** The product's mark and name, as the sidebar, the public pages and the full-page screens show it. */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-700 text-white shadow-sm ring-1 ring-brand-900/10">
        <Truck className="size-4.5" aria-hidden />
      </span>
      <span
        className={cn(
          "text-sm font-semibold leading-tight tracking-tight text-slate-900",
          compact && "sr-only",
        )}
      >
        {t("appName")}
      </span>
    </span>
  );
}
