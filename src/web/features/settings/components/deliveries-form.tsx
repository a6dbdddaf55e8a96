import { LOAD_COMPLETIONS, type LoadCompletion } from "@shared/loads/stops.schema";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { cn } from "../../../lib/cn";
import { notify } from "../../../lib/toast";
import { useDispatchSettings, useSaveDispatchSettings } from "../api/settings";
import { useSettingsMessages } from "../settings-messages";
import { SettingsSaveFooter } from "./settings-save-footer";

/**
 * Settings → Company → Deliveries (issue 38): when a load checked in stop by stop counts as
 * delivered — when the driver leaves the last stop, or once the signed proof of delivery is uploaded.
 */
export function DeliveriesForm() {
  const { t } = useTranslation("settings");
  const messages = useSettingsMessages();
  const current = useDispatchSettings();
  const save = useSaveDispatchSettings();
  const [choice, setChoice] = useState<LoadCompletion>("departure");
  const name = useId();
  useEffect(() => {
    if (current.data) setChoice(current.data.loadCompletion);
  }, [current.data]);
  if (current.isPending) return <Spinner label={t("deliveries.title")} />;
  if (current.isError) return <Alert tone="danger">{messages.error(current.error)}</Alert>;
  return (
    <Card className="grid max-w-3xl gap-4 p-4 sm:p-6" data-testid="deliveries-form">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-slate-900">{t("deliveries.title")}</h2>
        <p className="text-sm text-slate-600">{t("deliveries.description")}</p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("deliveries.title")}</legend>
        {LOAD_COMPLETIONS.map((rule) => (
          <label
            key={rule}
            className={cn(
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5",
              choice === rule ? "border-brand-500 bg-brand-50" : "border-slate-200",
            )}
          >
            <input
              type="radio"
              name={name}
              value={rule}
              checked={choice === rule}
              onChange={() => setChoice(rule)}
              className="mt-0.5 size-4 accent-brand-700"
              data-testid={`load-completion-${rule}`}
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium text-slate-900">{t(`deliveries.rules.${rule}`)}</span>
              <span className="text-sm text-slate-600">{t(`deliveries.rulesText.${rule}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SettingsSaveFooter
        saved={current.data}
        pending={save.isPending}
        label={t("deliveries.save")}
        testId="save-deliveries"
        onSave={() =>
          save.mutate(
            { loadCompletion: choice },
            {
              onSuccess: () => notify({ title: t("deliveries.saved"), variant: "success" }),
              onError: (error) =>
                notify({
                  title: t("deliveries.failed"),
                  description: messages.error(error),
                  variant: "error",
                }),
            },
          )
        }
      />
    </Card>
  );
}
