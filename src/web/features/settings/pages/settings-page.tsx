import { ASSISTANT_CONFIGURE, can, GEO_CONFIGURE } from "@shared/access";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { lazyPanel } from "../../../components/ui/lazy";
import { useMe } from "../../../lib/session";
import { ProfileForm } from "../components/profile-form";

const CompanyForm = lazyPanel(() => import("../components/company-form").then((m) => m.CompanyForm));
const DeliveriesForm = lazyPanel(() => import("../components/deliveries-form").then((m) => m.DeliveriesForm));
const NotificationsTab = lazyPanel(() =>
  import("../components/notifications-tab").then((m) => m.NotificationsTab),
);
const SignatureForm = lazyPanel(() =>
  import("../../communications/components/signature-form").then((m) => m.SignatureForm),
);
const SecurityForm = lazyPanel(() => import("../components/security-form").then((m) => m.SecurityForm));
const TwoFactorCard = lazyPanel(() => import("../components/two-factor-card").then((m) => m.TwoFactorCard));
const SecurityHistoryCard = lazyPanel(() =>
  import("../components/security-history-card").then((m) => m.SecurityHistoryCard),
);
const AssistantForm = lazyPanel(() => import("../components/assistant-form").then((m) => m.AssistantForm));
const GeoForm = lazyPanel(() => import("../components/geo-form").then((m) => m.GeoForm));
const TABS = ["profile", "company", "notifications", "signature", "assistant", "maps", "security"] as const;
type Tab = (typeof TABS)[number];

/**
 * Settings (`/settings`, admin and manager): the user's profile, the company's profile and when its
 * loads count as delivered, who hears what (their own choices and the company's automated
 * notifications) and the email signature.
 */
export default function SettingsPage() {
  const { t } = useTranslation("settings");
  const me = useMe().data;
  // Who must use two-factor sign-in is an admin's choice.
  const tabs = TABS.filter(
    (k) =>
      (k !== "security" || can(me ?? null, "users:manage")) &&
      (k !== "assistant" || can(me ?? null, ASSISTANT_CONFIGURE)) &&
      (k !== "maps" || can(me ?? null, GEO_CONFIGURE)),
  );
  const [params, setParams] = useSearchParams();
  const tab = (tabs as readonly string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as Tab)
    : "profile";
  const open = (next: string) =>
    setParams(() => (next === "profile" ? new URLSearchParams() : new URLSearchParams({ tab: next })), {
      replace: true,
    });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Tabs value={tab} onValueChange={open}>
        <TabsList aria-label={t("tabs.label")} className="max-w-full overflow-x-auto">
          {tabs.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`tabs.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile" className="grid gap-6">
          <ProfileForm />
          <TwoFactorCard />
          <SecurityHistoryCard />
        </TabsContent>
        <TabsContent value="company" className="grid gap-6">
          <CompanyForm />
          <DeliveriesForm />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab company />
        </TabsContent>
        <TabsContent value="signature">
          <SignatureForm />
        </TabsContent>
        <TabsContent value="assistant">
          <AssistantForm />
        </TabsContent>
        <TabsContent value="maps">
          <GeoForm />
        </TabsContent>
        <TabsContent value="security">
          <SecurityForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
