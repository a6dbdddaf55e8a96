import { CalendarDays } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { navSectionsFor } from "../../../lib/navigation";
import { useMe } from "../../../lib/session";
import { useGreeting } from "../components/greeting";
import { QuickLinkCard } from "../components/quick-link-card";

/** The staff home: who is signed in, today, and every screen the role may open. */
export default function StaffDashboardPage() {
  const { t } = useTranslation("dashboard");
  const { data: me } = useMe();
  const { greeting, today } = useGreeting(me?.user.name ?? "");
  if (!me) return null;
  const sections = navSectionsFor(me.role, ["home"]);

  return (
    <div className="grid gap-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
            data-testid="dashboard-greeting"
          >
            {greeting}
          </h1>
          <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <span>{t("staff.signedInAs")}</span>
            <Badge tone="info">{t(`common:roles.${me.role}`)}</Badge>
          </p>
        </div>
        <p className="inline-flex items-center gap-2 self-start rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-sm sm:self-auto">
          <CalendarDays className="size-4 text-slate-400" aria-hidden />
          <time dateTime={new Date().toISOString().slice(0, 10)}>{today}</time>
        </p>
      </header>

      <section aria-labelledby="quick-links-title" className="grid gap-6">
        <div>
          <h2 id="quick-links-title" className="text-base font-semibold text-slate-900">
            {t("staff.quickLinks")}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{t("staff.quickLinksText")}</p>
        </div>
        {sections.map((section) => (
          <section key={section.group} aria-labelledby={`quick-${section.group}`}>
            <h3
              id={`quick-${section.group}`}
              className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-400"
            >
              {t(`nav:groups.${section.group}`)}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {section.items.map((key) => (
                <QuickLinkCard key={key} routeKey={key} />
              ))}
            </div>
          </section>
        ))}
      </section>
    </div>
  );
}
