import { ROUTES } from "@shared/access";
import { useQueryClient } from "@tanstack/react-query";
import { Menu } from "lucide-react";
import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { Sheet } from "../../components/ui/sheet";
import { NotificationBell, useUnreadCounts } from "../../features/notifications/components/notification-bell";
import { Brand } from "../../features/system/components/brand";
import { PageLoading } from "../../features/system/components/status-screens";
import { cn } from "../../lib/cn";
import { takeOverFirstScreen } from "../../lib/first-screen";
import { showMoneyIn } from "../../lib/format";
import i18n from "../../lib/i18n";
import { navGroupOf, routeTitleKey, useRouteKey } from "../../lib/navigation";
import { useOutbox, useOutboxRunner } from "../../lib/outbox/use-outbox";
import { useMe } from "../../lib/session";
import { AssistantButton, CommandPaletteButton } from "./command-palette-button";
import { LanguageSwitcher } from "./language-switcher";
import { SidebarNav } from "./sidebar-nav";
import { useDocumentTitle } from "./use-document-title";
import { useHeadingFocusAfterCreate } from "./use-heading-focus";
import { useLanguageOnRecord } from "./use-language-on-record";
import { useToastsBelow } from "./use-toasts-below";
import { UserMenu } from "./user-menu";

// Shown only while an admin browses as someone else: its code comes with the first such page, not
// with every screen's first paint (decision 023; React's own lazy, like the header's panels).
const ImpersonationBanner = lazy(() =>
  import("./impersonation-banner").then((m) => ({ default: m.ImpersonationBanner })),
);

// A driver's location sharing (decision 054): its code and words come only to drivers' phones.
const LocationSharing = lazy(() =>
  import("../../features/tracking/sharing/sharing-indicator").then((m) => ({ default: m.LocationSharing })),
);

// "Waiting to send (3)" (decision 061): shown only once something waits — which is when there is no
// network — so its code and words are fetched ahead, when the shell starts, not when first shown.
let outboxStripCode: Promise<{ default: ComponentType }> | null = null;
const loadOutboxStrip = () => {
  outboxStripCode ??= Promise.all([
    import("../../features/sync/components/outbox-panel"),
    i18n.loadNamespaces("outbox"),
  ]).then(
    ([m]) => ({ default: m.OutboxStrip }),
    (error: unknown) => {
      outboxStripCode = null;
      throw error;
    },
  );
  return outboxStripCode;
};
const OutboxStrip = lazy(loadOutboxStrip);

/** The signed-in shell: sidebar (a drawer on phones), top bar, impersonation banner, the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const routeKey = useRouteKey();
  const location = useLocation();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const topBar = useToastsBelow();
  // An account that is not ready yet (a temporary password, two-factor to set up) sees only that step.
  const notReady = !!me && (me.mustChangePassword || me.mustEnrolTwoFactor);
  const counts = useUnreadCounts(!!me && !notReady);
  useLanguageOnRecord(me && !notReady && !me.impersonation ? me.user.id : null);
  // What this user did offline is replayed while they are signed in; another user's waits for them.
  useOutboxRunner(me && !notReady ? me.user.id : null);
  const outbox = useOutbox();
  useEffect(() => {
    if (me) void loadOutboxStrip().catch(() => {});
  }, [me]);
  if (me) showMoneyIn(me.currency);
  useDocumentTitle();
  useHeadingFocusAfterCreate();

  // The driver's first screen (decision 064) is the driver's home's to replace; any other screen
  // replaces it at once.
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    if (routeKey !== "driverDashboard") takeOverFirstScreen(queryClient);
  }, [routeKey, queryClient]);

  // A drawer left open over the next page would hide it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every location change
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // RequireAuth renders this only with a user; the check keeps a sign-out's last render harmless.
  if (!me) return null;
  const group = routeKey ? navGroupOf(routeKey) : undefined;
  const title = routeKey ? t(routeTitleKey(routeKey)) : t("appName");

  const sidebarHeader = (
    <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
      <Link
        to={ROUTES.home.path}
        className="flex min-h-11 items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Brand />
      </Link>
    </div>
  );

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-2 focus:ring-brand-500"
      >
        {t("shell.skipToContent")}
      </a>

      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        {sidebarHeader}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SidebarNav user={me} hidden={notReady} counts={{ chat: counts?.chat }} />
        </div>
      </aside>

      <Sheet
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        title={t("shell.mainNav")}
        closeLabel={t("shell.closeMenu")}
      >
        {sidebarHeader}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <SidebarNav
            user={me}
            hidden={notReady}
            counts={{ chat: counts?.chat }}
            onNavigate={() => setDrawerOpen(false)}
          />
        </div>
        {/* On a phone the header keeps its room for the page's title: the language is chosen here. */}
        <div className="border-t border-slate-200 p-3">
          <LanguageSwitcher className="h-11 w-full justify-start" />
        </div>
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-30" ref={topBar}>
          {me.impersonation ? (
            <Suspense fallback={null}>
              <ImpersonationBanner me={me} />
            </Suspense>
          ) : null}
          <header
            data-testid="app-header"
            className="relative flex h-14 items-center gap-1 border-b border-slate-200 bg-white/90 px-2 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:h-16 sm:px-6 md:gap-2 lg:px-8"
          >
            <button
              type="button"
              hidden={notReady}
              onClick={() => setDrawerOpen(true)}
              className="grid size-11 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 md:hidden"
              aria-label={t("shell.openMenu")}
              aria-expanded={drawerOpen}
              data-testid="open-menu"
            >
              <Menu className="size-5" aria-hidden />
            </button>
            <div className="flex min-w-0 flex-1 items-center gap-2 text-sm">
              {group ? (
                <>
                  <span className="hidden text-slate-500 sm:inline">{t(`nav:groups.${group}`)}</span>
                  <span className="hidden text-slate-300 sm:inline" aria-hidden>
                    /
                  </span>
                </>
              ) : null}
              {/* On a phone the title may take two lines rather than end in "My …". */}
              <span
                className="font-semibold text-slate-900 max-md:line-clamp-2 max-md:leading-tight md:truncate"
                data-testid="header-title"
              >
                {title}
              </span>
            </div>
            {notReady ? null : <CommandPaletteButton user={me} />}
            {notReady ? null : <AssistantButton user={me} />}
            <LanguageSwitcher className="max-md:hidden" />
            {notReady ? null : (
              <NotificationBell count={counts?.unread ?? 0} isDriver={me.role === "driver"} />
            )}
            <UserMenu me={me} />
            <NavigationProgress active={navigation.state !== "idle"} />
          </header>
          {/* A driver's strip keeps its place while its code loads, as `SharingStripPlace` does after. */}
          {me.role === "driver" && !notReady && !me.impersonation ? (
            <Suspense fallback={<div aria-hidden className="min-h-11 border-b border-transparent" />}>
              <LocationSharing />
            </Suspense>
          ) : null}
          {outbox.entries.length > 0 ? (
            <Suspense fallback={null}>
              <OutboxStrip />
            </Suspense>
          ) : null}
        </div>

        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-7xl">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}

/** Lazy screens download on first visit; the bar says the click was heard. */
function NavigationProgress({ active }: { active: boolean }) {
  return (
    <div
      aria-hidden
      className={cn(
        "pointer-events-none absolute inset-x-0 bottom-0 h-0.5 overflow-hidden transition-opacity duration-300",
        active ? "opacity-100" : "opacity-0",
      )}
    >
      <div className="h-full w-full animate-pulse bg-brand-500" />
    </div>
  );
}
