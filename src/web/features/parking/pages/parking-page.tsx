import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Card } from "../../../components/ui/card";
import { ExpensesTab } from "../components/expenses-tab";
import { ReservationsTab } from "../components/reservations-tab";

const TABS = ["expenses", "reservations"] as const;
type Tab = (typeof TABS)[number];
const tabClass =
  "inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 focus-visible:rounded-t focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700";

/** /operations/parking: parking expenses and reservations, one tab each (the tab is in the URL). */
export default function ParkingPage() {
  const { t } = useTranslation("parking");
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "reservations" ? "reservations" : "expenses";
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="overflow-hidden">
        <Tabs.Root
          value={tab}
          // Each tab has its own filters: switching starts clean.
          onValueChange={(v) => setParams(v === "expenses" ? {} : { tab: v })}
        >
          <Tabs.List
            aria-label={t("tabs.label")}
            className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 [scrollbar-width:none]"
          >
            {TABS.map((key) => (
              <Tabs.Trigger key={key} value={key} className={tabClass} data-testid={`parking-tab-${key}`}>
                {t(`tabs.${key}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="expenses">{tab === "expenses" ? <ExpensesTab /> : null}</Tabs.Content>
          <Tabs.Content value="reservations">
            {tab === "reservations" ? <ReservationsTab /> : null}
          </Tabs.Content>
        </Tabs.Root>
      </Card>
    </div>
  );
}
