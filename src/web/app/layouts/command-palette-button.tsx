import { ASSISTANT_USE, can, type User } from "@shared/access";
import { type LucideIcon, Search, Sparkles } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../lib/i18n";

// Each panel's code and its words download together, when it is first opened (React's own lazy: the
// shell stays free of the dialog kit's loader).
const CommandPalette = lazy(() =>
  Promise.all([
    import("../../features/search/components/command-palette"),
    i18n.loadNamespaces("search"),
  ]).then(([m]) => ({ default: m.CommandPalette })),
);
const AssistantPanel = lazy(() =>
  Promise.all([
    import("../../features/assistant/components/assistant-panel"),
    i18n.loadNamespaces(["assistant", "loads"]),
  ]).then(([m]) => ({ default: m.AssistantPanel })),
);

function HeaderButton({
  icon: Icon,
  label,
  onClick,
  testId,
  expanded,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  testId: string;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-expanded={expanded}
      title={label}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 max-md:size-11 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      data-testid={testId}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

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
      <HeaderButton
        icon={Search}
        label={t("palette.open")}
        testId="palette-open"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      />
      {asked ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} user={user} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The header's AI assistant button, for the roles that use it; the panel stays open while pages change. */
export function AssistantButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  if (!can(user, ASSISTANT_USE)) return null;
  return (
    <>
      <HeaderButton
        icon={Sparkles}
        label={t("assistantOpen")}
        testId="assistant-open"
        expanded={open}
        onClick={() => {
          setAsked(true);
          setOpen(!open);
        }}
      />
      {asked ? (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
