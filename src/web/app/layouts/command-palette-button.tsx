import type { User } from "@shared/access";
import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../lib/i18n";

// The palette's code and its words download together, when it is first opened (React's own lazy:
// the shell stays free of the dialog kit's loader).
const CommandPalette = lazy(() =>
  Promise.all([
    import("../../features/search/components/command-palette"),
    i18n.loadNamespaces("search"),
  ]).then(([m]) => ({ default: m.CommandPalette })),
);

/** The header's search button and Ctrl/Cmd+K anywhere: the command palette (its code loads when asked). */
export function CommandPaletteButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setAsked(true);
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        aria-label={t("palette.open")}
        title={t("palette.open")}
        className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        data-testid="palette-open"
      >
        <Search className="size-4" aria-hidden />
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} user={user} />
        </Suspense>
      ) : null}
    </>
  );
}
