import { STAFF_ROLES } from "@shared/access";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { notify } from "../../../lib/toast";
import { useSaveSecuritySettings, useSecuritySettings } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";
import { SettingsSaveFooter } from "./settings-save-footer";

type StaffRole = (typeof STAFF_ROLES)[number];

/** Settings → Security (admin): the staff roles that must sign in with two factors. */
export function SecurityForm() {
  const { t } = useTranslation(["settings", "common"]);
  const messages = useSettingsMessages();
  const current = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const [roles, setRoles] = useState<StaffRole[]>([]);
  useEffect(() => {
    if (current.data) setRoles(current.data.twoFactorRoles);
  }, [current.data]);
  if (current.isPending) return <Spinner label={t("security.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  return (
    <Card className="grid max-w-2xl gap-4 p-4 sm:p-6" data-testid="security-form">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-slate-900">{t("security.title")}</h2>
        <p className="text-sm text-slate-600">{t("security.description")}</p>
      </div>
      <fieldset className="flex flex-wrap gap-x-5">
        <legend className="sr-only">{t("security.title")}</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={roles.includes(role)}
              onChange={(e) =>
                setRoles(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
              }
            />
            {t(`common:roles.${role}`)}
          </label>
        ))}
      </fieldset>
      <SettingsSaveFooter
        saved={current.data}
        pending={save.isPending}
        label={t("security.save")}
        testId="save-security"
        onSave={() =>
          save.mutate(
            { twoFactorRoles: roles },
            {
              onSuccess: () => notify({ title: t("security.saved"), variant: "success" }),
              onError: (error) =>
                notify({ title: t("security.failed"), description: messages.error(error), variant: "error" }),
            },
          )
        }
      />
    </Card>
  );
}
