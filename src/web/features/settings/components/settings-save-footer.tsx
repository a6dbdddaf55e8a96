import { Save } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { formatDateTime } from "../../../lib/format";

/**
 * The foot of a settings card: who saved it last and when (nothing before anyone has), then its Save
 * button — a submit button inside a form when `onSave` is left out.
 */
export function SettingsSaveFooter({
  saved,
  pending,
  label,
  testId,
  onSave,
}: {
  saved: { updatedByName: string | null; updatedAt: string | null };
  pending: boolean;
  label: string;
  testId: string;
  onSave?: () => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <>
      {saved.updatedByName && saved.updatedAt ? (
        <p className="text-xs text-slate-500">
          {t("company.updated", { name: saved.updatedByName, when: formatDateTime(saved.updatedAt) })}
        </p>
      ) : null}
      <div>
        <Button type={onSave ? "button" : "submit"} disabled={pending} onClick={onSave} data-testid={testId}>
          {pending ? <Spinner /> : <Save aria-hidden />}
          {label}
        </Button>
      </div>
    </>
  );
}
