import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { notify } from "../../../lib/toast";
import { saveZoomCredentials, zoomCredentials } from "../api/meetings";

/** The Zoom-type service's credentials, kept only in this browser (never sent to the server). */
export function ZoomSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["meetings", "common"]);
  const saved = zoomCredentials();
  const [fields, setFields] = useState({
    accountId: saved?.accountId ?? "",
    clientId: saved?.clientId ?? "",
    clientSecret: saved?.clientSecret ?? "",
  });
  const set = (k: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [k]: e.target.value });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("zoom.title")}
      description={t("zoom.help")}
      closeLabel={t("common:actions.close")}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const complete = fields.accountId && fields.clientId && fields.clientSecret;
          saveZoomCredentials(complete ? fields : null);
          notify({ title: complete ? t("zoom.saved") : t("zoom.cleared"), variant: "success" });
          onOpenChange(false);
        }}
      >
        <Field label={t("zoom.accountId")}>
          <Input value={fields.accountId} onChange={set("accountId")} autoComplete="off" />
        </Field>
        <Field label={t("zoom.clientId")}>
          <Input value={fields.clientId} onChange={set("clientId")} autoComplete="off" />
        </Field>
        <Field label={t("zoom.clientSecret")}>
          <Input
            type="password"
            value={fields.clientSecret}
            onChange={set("clientSecret")}
            autoComplete="off"
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit">{t("common:actions.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
