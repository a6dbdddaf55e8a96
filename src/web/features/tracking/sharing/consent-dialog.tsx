import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";

/**
 * The consent screen (decision 054): what is shared, when, who sees it, how long it is kept, how to
 * stop, and that a web app pauses when the browser is closed — before the browser's own permission
 * prompt, which comes only after "Share my location".
 */
export function ConsentDialog({
  open,
  onOpenChange,
  onAgree,
  pending,
  retentionDays,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
  pending: boolean;
  /** The company's setting, from the sharing state. */
  retentionDays: number;
}) {
  const { t } = useTranslation("sharing");
  const points = [
    ["whatTitle", t("consent.what")],
    ["whenTitle", t("consent.when")],
    ["whoTitle", t("consent.who")],
    ["retentionTitle", t("consent.retention", { days: retentionDays })],
    ["stopTitle", t("consent.stop")],
    ["backgroundTitle", t("consent.background")],
  ] as const;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={t("consent.title")}
      description={t("consent.intro")}
      closeLabel={t("common:actions.close")}
      className="max-sm:top-4 max-sm:max-h-[calc(100dvh-2rem)] max-sm:translate-y-0 max-sm:p-4"
      footer={
        <>
          <Button variant="outline" size="lg" onClick={() => onOpenChange(false)} disabled={pending}>
            {t("consent.decline")}
          </Button>
          <Button size="lg" onClick={onAgree} disabled={pending} data-testid="sharing-consent-agree">
            {pending ? <Spinner className="text-current" /> : null}
            {t("consent.agree")}
          </Button>
        </>
      }
    >
      <dl className="grid gap-3 text-sm" data-testid="sharing-consent">
        {points.map(([title, text]) => (
          <div key={title}>
            <dt className="font-medium text-slate-900">{t(`consent.${title}`)}</dt>
            <dd className="text-slate-600">{text}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-500">{t("consent.next")}</p>
    </Dialog>
  );
}

/** The browser refuses the location: how to allow it, per browser. */
export function DeniedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("sharing");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("denied.title")}
      description={t("denied.text")}
      closeLabel={t("common:actions.close")}
      footer={
        <Button size="lg" onClick={() => window.location.reload()}>
          {t("denied.reload")}
        </Button>
      }
    >
      <ul className="grid list-disc gap-2 pl-5 text-sm text-slate-700" data-testid="sharing-denied">
        <li>{t("denied.chrome")}</li>
        <li>{t("denied.safari")}</li>
        <li>{t("denied.other")}</li>
      </ul>
    </Dialog>
  );
}
