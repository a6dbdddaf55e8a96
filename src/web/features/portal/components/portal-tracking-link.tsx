import type { PortalTrackingLink as Link } from "@shared/public/tracking.schema";
import { Check, Copy, ExternalLink, Link2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Input } from "../../../components/ui/input";
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
  const [copied, setCopied] = useState(false);
  const urlId = useId();

  const get = () =>
    make.mutate(undefined, {
      onSuccess: (made) => {
        setLink(made);
        setCopied(false);
      },
      onError: (error) =>
        notify({ title: t("load.tracking.failed"), description: describeError(error, t), variant: "error" }),
    });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      notify({ title: t("load.tracking.copied"), variant: "success" });
    } catch {
      // No clipboard permission (or not a secure context): the field is selected for a manual copy.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
      notify({ title: t("load.tracking.copyManually") });
    }
  };

  return (
    <section aria-labelledby="portal-tracking" className="grid gap-2" data-testid="portal-tracking">
      <h3 id="portal-tracking" className="text-sm font-semibold text-slate-900">
        {t("load.tracking.title")}
      </h3>
      <p className="text-sm text-slate-600">{t("load.tracking.text")}</p>
      {link ? (
        <div className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
          <p className="text-xs text-slate-600">{t("load.tracking.ready")}</p>
          <Input
            id={urlId}
            readOnly
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
            aria-label={t("load.tracking.url")}
            className="bg-white font-mono text-xs"
            data-testid="portal-tracking-url"
          />
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" className="bg-white" onClick={() => void copy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? t("load.tracking.copiedShort") : t("load.tracking.copy")}
            </Button>
            <Button variant="outline" className="bg-white" asChild>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden />
                {t("load.tracking.open")}
              </a>
            </Button>
          </div>
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
