import { Mail, ScrollText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { AuditLogPanel } from "../components/audit-log-panel";
import { MailOutboxPanel } from "../components/mail-outbox-panel";

type Tab = "audit" | "mail";

export default function ActionsPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "mail" ? "mail" : "audit";

  return (
    <ListPage title={t("adminActions.title")} description={t("adminActions.description")}>
      <Tabs
        value={tab}
        // Each tab has its own filters (its own list screen); switching starts clean.
        onValueChange={(next) => setParams(next === "audit" ? {} : { tab: next })}
      >
        <TabsList aria-label={t("adminActions.title")}>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden />
            {t("audit.tab")}
          </TabsTrigger>
          <TabsTrigger value="mail">
            <Mail aria-hidden />
            {t("mail.tab")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="audit" className="mt-4 focus-visible:outline-none">
          <AuditLogPanel />
        </TabsContent>
        <TabsContent value="mail" className="mt-4 focus-visible:outline-none">
          <MailOutboxPanel />
        </TabsContent>
      </Tabs>
    </ListPage>
  );
}
