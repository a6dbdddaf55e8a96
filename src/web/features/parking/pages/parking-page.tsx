import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { Card } from "../../../components/ui/card";
import { ExpensesTab } from "../components/expenses-tab";
import { ReservationsTab } from "../components/reservations-tab";

const TABS = ["expenses", "reservations"] as const;
type Tab = (typeof TABS)[number];
/** /operations/parking: parking expenses and reservations, one tab each (the tab is in the URL). */
export default function ParkingPage() {
  const { t } = useTranslation("parking");
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "reservations" ? "reservations" : "expenses";
  return (
    <ListPage title={t("title")} description={t("description")}>
      <Card className="overflow-hidden">
        <Tabs
          value={tab}
          // Each tab has its own filters: switching starts clean.
          onValueChange={(v) => setParams(v === "expenses" ? {} : { tab: v })}
        >
          <TabsList aria-label={t("tabs.label")} className="mb-0 px-2">
            {TABS.map((key) => (
              <TabsTrigger key={key} value={key} data-testid={`parking-tab-${key}`}>
                {t(`tabs.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="expenses">
            <ExpensesTab />
          </TabsContent>
          <TabsContent value="reservations">
            <ReservationsTab />
          </TabsContent>
        </Tabs>
      </Card>
    </ListPage>
  );
}
