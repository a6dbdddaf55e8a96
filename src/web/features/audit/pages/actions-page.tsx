import { Mail, ScrollText } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { useListParams } from "../../../lib/use-list-params";
import { AuditLogPanel } from "../components/audit-log-panel";
import { MailOutboxPanel } from "../components/mail-outbox-panel";

const PARAM_DEFAULTS = { tab: "audit", q: "", action: "", from: "", to: "" };
type Tab = "audit" | "mail";

export default function ActionsPage() {
  const { t } = useTranslation("admin");
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const tab: Tab = values.tab === "mail" ? "mail" : "audit";
  const onChange = useCallback(
    (patch: Parameters<typeof update>[0], replace?: boolean) => update(patch, { replace }),
    [update],
  );

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader title={t("adminActions.title")} description={t("adminActions.description")} />
      <Tabs
        value={tab}
        // Each tab has its own filters; carrying one tab's search into the other would confuse.
        onValueChange={(next) =>
          update({ tab: next, q: null, action: null, from: null, to: null, pageSize: null })
        }
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
          <AuditLogPanel filters={values} page={page} pageSize={pageSize} onChange={onChange} />
        </TabsContent>
        <TabsContent value="mail" className="mt-4 focus-visible:outline-none">
          <MailOutboxPanel q={values.q} page={page} pageSize={pageSize} onChange={onChange} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
