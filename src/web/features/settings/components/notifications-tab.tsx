import { useTranslation } from "react-i18next";
import { Card } from "../../../components/ui/card";
import { AutomatedSwitches } from "../../communications/components/automated-switches";
import { NotificationPreferencesForm } from "../../notifications/components/notification-preferences";

/** Who hears what: the user's own email and text choices and, for the office, the company's switches. */
export function NotificationsTab({ company = false }: { company?: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <div className="grid gap-6">
      <Card className="grid max-w-2xl gap-3 p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">{t("notifications.mine")}</h2>
        <NotificationPreferencesForm />
      </Card>
      {company ? <AutomatedSwitches /> : null}
    </div>
  );
}
