import { can } from "@shared/access";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { lazyPanel } from "../../../components/ui/lazy";
import { useMe } from "../../../lib/session";
import { ProfileForm } from "../components/profile-form";

const NotificationsTab = lazyPanel(() =>
  import("../components/notifications-tab").then((m) => m.NotificationsTab),
);
const TwoFactorCard = lazyPanel(() => import("../components/two-factor-card").then((m) => m.TwoFactorCard));
const SecurityHistoryCard = lazyPanel(() =>
  import("../components/security-history-card").then((m) => m.SecurityHistoryCard),
);
const SignatureForm = lazyPanel(() =>
  import("../../communications/components/signature-form").then((m) => m.SignatureForm),
);

/**
 * Every user's own settings (`/profile`, from the user menu): profile and password, how they are
 * notified, their security history, and — for staff who send email from the app — their signature.
 */
export default function ProfilePage() {
  const { t } = useTranslation("settings");
  const me = useMe().data;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      <ProfileForm />
      <TwoFactorCard />
      <SecurityHistoryCard />
      <NotificationsTab />
      {can(me ?? null, "signature:manage") ? (
        <section className="grid gap-3" aria-labelledby="signature-title">
          <h2 id="signature-title" className="text-base font-semibold text-slate-900">
            {t("tabs.signature")}
          </h2>
          <SignatureForm />
        </section>
      ) : null}
    </div>
  );
}
