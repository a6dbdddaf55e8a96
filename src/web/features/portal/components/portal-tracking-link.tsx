import type { PortalTrackingLink as Link } from "@shared/public/tracking.schema";
import { Link2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyLinkField } from "../../../components/copy-link-field";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { usePortalTrackingLink } from "../api/portal";

/**
 * The customer's private tracking link for one of their loads, made on demand: the server keeps only
 * the token's hash, so a link is shown once, and asking again makes a new one (the old one stops).
 */
export function PortalTrackingLink({ loadId }: { loadId: string }) {
  const { t } = useTranslation("portal");
  const make = usePortalTrackingLink(loadId);
  const [link, setLink] = useState<Link | null>(null);

  const get = () =>
    make.mutate(undefined, {
      onSuccess: setLink,
      onError: (error) =>
        notify({ title: t("load.tracking.failed"), description: describeError(error, t), variant: "error" }),
    });

  return (
    <section aria-labelledby="portal-tracking" className="grid gap-2" data-testid="portal-tracking">
      <h3 id="portal-tracking" className="text-sm font-semibold text-slate-900">
        {t("load.tracking.title")}
      </h3>
      <p className="text-sm text-slate-600">{t("load.tracking.text")}</p>
      {link ? (
        <div className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
          <p className="text-xs text-slate-600">{t("load.tracking.ready")}</p>
          <CopyLinkField
            url={link.url}
            words={{
              url: t("load.tracking.url"),
              copy: t("load.tracking.copy"),
              copiedShort: t("load.tracking.copiedShort"),
              copied: t("load.tracking.copied"),
              copyManually: t("load.tracking.copyManually"),
              open: t("load.tracking.open"),
            }}
            testId="portal-tracking-url"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant={link ? "ghost" : "outline"}
          onClick={get}
          disabled={make.isPending}
          className="w-full sm:w-auto"
          data-testid="portal-tracking-get"
        >
          {make.isPending ? <Spinner className="text-current" /> : <Link2 aria-hidden />}
          {link ? t("load.tracking.renew") : t("load.tracking.create")}
        </Button>
        <p className="text-xs text-slate-500">{t("load.tracking.note")}</p>
      </div>
    </section>
  );
}
