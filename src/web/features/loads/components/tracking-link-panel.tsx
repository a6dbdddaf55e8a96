import type { CreatedTrackingLink } from "@shared/public/tracking.schema";
import { Link2, Mail } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { describeError, isApiError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCreateTrackingLink, useRevokeTrackingLink, useTrackingLinks } from "../api/load-panels";
import { PublicLinksPanel } from "./public-links-panel";

const SHOWN_LINKS = 4;

/**
 * The shipper's private tracking link (`/track/:token`): dispatch emails it to the customer's contact
 * or makes one to copy; a new one turns dispatch's previous one off. The server keeps only a hash of
 * the token, so the URL is shown once, right after it is made. The customer's own portal links are
 * listed too, and can be revoked here.
 */
export function TrackingLinkPanel({ loadId }: { loadId: string }) {
  const { t } = useTranslation("loads");
  const links = useTrackingLinks(loadId);
  const create = useCreateTrackingLink(loadId);
  const revoke = useRevokeTrackingLink(loadId);
  const [created, setCreated] = useState<CreatedTrackingLink | null>(null);
  const contactEmail = links.data?.contactEmail ?? null;

  const make = (email: boolean) =>
    create.mutate(
      { email },
      {
        onSuccess: (link) => {
          setCreated(link);
          if (link.emailed === "failed")
            notify({ title: t("trackingLinks.emailFailed", { email: link.sentTo }), variant: "error" });
          else if (link.emailed)
            notify({
              title: t(`trackingLinks.emailed.${link.emailed}`, { email: link.sentTo }),
              variant: "success",
            });
        },
        onError: (error) =>
          notify({
            title: t("trackingLinks.createFailed"),
            description: isApiError(error, 409, "NO_CONTACT_EMAIL")
              ? t("trackingLinks.noEmail")
              : describeError(error, t),
            variant: "error",
          }),
      },
    );

  return (
    <PublicLinksPanel
      kind="tracking"
      form={
        <>
          {/* One above the other: the load page's side column is narrow on every width. */}
          <div className="grid grid-cols-1 gap-2">
            <Button
              onClick={() => make(true)}
              disabled={create.isPending || !contactEmail}
              data-testid="email-tracking-link"
            >
              {create.isPending && create.variables?.email ? (
                <Spinner className="text-current" />
              ) : (
                <Mail aria-hidden />
              )}
              {t("trackingLinks.email")}
            </Button>
            <Button
              variant="outline"
              onClick={() => make(false)}
              disabled={create.isPending}
              data-testid="create-tracking-link"
            >
              {create.isPending && !create.variables?.email ? (
                <Spinner className="text-current" />
              ) : (
                <Link2 aria-hidden />
              )}
              {t("trackingLinks.copyOnly")}
            </Button>
          </div>
          <p className="text-xs text-slate-500" data-testid="tracking-contact">
            {links.isLoading
              ? null
              : contactEmail
                ? t("trackingLinks.emailTo", { email: contactEmail })
                : t("trackingLinks.noEmail")}{" "}
            {t("trackingLinks.renewNote")}
          </p>
        </>
      }
      created={created && { url: created.url, text: t("trackingLinks.createdText") }}
      openable
      query={links}
      items={links.data?.items ?? []}
      revoke={revoke}
      aside={(link) => (
        <span className="text-xs font-medium text-slate-700">{t(`trackingLinks.source.${link.source}`)}</span>
      )}
      details={(link, when) => (
        <>
          {link.sentTo ? `${t("trackingLinks.sentTo", { email: link.sentTo })} · ` : ""}
          {when}
          {" · "}
          {link.lastOpenedAt
            ? t("trackingLinks.opened", { date: formatDateTime(link.lastOpenedAt) })
            : t("trackingLinks.notOpened")}
        </>
      )}
      shown={SHOWN_LINKS}
    />
  );
}
