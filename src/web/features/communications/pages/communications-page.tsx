import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { lazyPanel } from "../../../components/ui/lazy";
import { MassEmailForm } from "../components/mass-email-form";

const CommunicationLog = lazyPanel(() =>
  import("../components/communication-log").then((m) => m.CommunicationLog),
);
const SmsBlastForm = lazyPanel(() => import("../components/sms-blast-form").then((m) => m.SmsBlastForm));
const SignatureForm = lazyPanel(() => import("../components/signature-form").then((m) => m.SignatureForm));
const AutomatedSwitches = lazyPanel(() =>
  import("../components/automated-switches").then((m) => m.AutomatedSwitches),
);
const TABS = ["email", "sms", "log", "automated", "signature"] as const;
type Tab = (typeof TABS)[number];

/**
 * The communications hub (`/communications`, admin, manager, dispatcher): mass email, SMS blast,
 * the communication log, the company's automated notifications and the sender's signature.
 */
export default function CommunicationsPage() {
  const { t } = useTranslation("communications");
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as Tab)
    : "email";
  const open = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams();
        if (next !== "email") out.set("tab", next);
        void p;
        return out;
      },
      { replace: true },
    );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Tabs value={tab} onValueChange={open}>
        <TabsList aria-label={t("tabs.label")} className="max-w-full overflow-x-auto">
          {TABS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`tabs.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="email">
          <MassEmailForm onSent={() => open("log")} />
        </TabsContent>
        <TabsContent value="sms">
          <SmsBlastForm onSent={() => open("log")} />
        </TabsContent>
        <TabsContent value="log">
          <CommunicationLog />
        </TabsContent>
        <TabsContent value="automated">
          <AutomatedSwitches />
        </TabsContent>
        <TabsContent value="signature">
          <SignatureForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
