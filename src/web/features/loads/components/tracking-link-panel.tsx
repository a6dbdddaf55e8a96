import type { CreatedTrackingLink, TrackingLink } from "@shared/public/tracking.schema";
import { Check, Copy, ExternalLink, Link2, Link2Off, Mail } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Input } from "../../../components/ui/input";
import { describeError, isApiError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCreateTrackingLink, useRevokeTrackingLink, useTrackingLinks } from "../api/load-panels";

type LinkState = "active" | "expired" | "revoked";
const stateOf = (link: TrackingLink): LinkState =>
  link.revokedAt ? "revoked" : link.active ? "active" : "expired";
const TONES = { active: "success", expired: "neutral", revoked: "danger" } as const;
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
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<TrackingLink | null>(null);
  const [showAll, setShowAll] = useState(false);
  const urlId = useId();
  const contactEmail = links.data?.contactEmail ?? null;

  const make = (email: boolean) =>
    create.mutate(
      { email },
      {
        onSuccess: (link) => {
          setCreated(link);
          setCopied(false);
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

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
      notify({ title: t("trackingLinks.copied"), variant: "success" });
    } catch {
      // No clipboard permission (or not a secure context): the field is selected for a manual copy.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
      notify({ title: t("trackingLinks.copyManually") });
    }
  };

  const all = links.data?.items ?? [];
  // Every renewal leaves a revoked link behind: the newest few are enough unless asked for all.
  const items = showAll ? all : all.slice(0, SHOWN_LINKS);

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="tracking-links">
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

      {created ? (
        <Alert tone="info">
          <div className="grid grid-cols-1 gap-2">
            <p className="font-medium">{t("trackingLinks.createdTitle")}</p>
            <p className="text-xs">{t("trackingLinks.createdText")}</p>
            <Input
              id={urlId}
              readOnly
              value={created.url}
              onFocus={(e) => e.currentTarget.select()}
              aria-label={t("trackingLinks.url")}
              className="font-mono text-xs"
              data-testid="tracking-link-url"
            />
            <div className="grid grid-cols-2 gap-2">
              <Button variant="outline" onClick={() => void copy()} className="bg-white">
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied ? t("trackingLinks.copiedShort") : t("trackingLinks.copy")}
              </Button>
              <Button variant="outline" className="bg-white" asChild>
                <a href={created.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  {t("trackingLinks.open")}
                </a>
              </Button>
            </div>
          </div>
        </Alert>
      ) : null}

      {links.isLoading ? (
        <Spinner label={t("common:loading")} className="text-sm" />
      ) : links.isError ? (
        <p className="text-sm text-red-600">{describeError(links.error, t)}</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-500">{t("trackingLinks.empty")}</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          data-testid="tracking-link-list"
        >
          {items.map((link) => {
            const state = stateOf(link);
            return (
              <li key={link.id} className="flex items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={TONES[state]}>{t(`trackingLinks.state.${state}`)}</Badge>
                    <span className="text-xs font-medium text-slate-700">
                      {t(`trackingLinks.source.${link.source}`)}
                    </span>
                  </div>
                  <p className="mt-1 break-words text-xs text-slate-500">
                    {link.sentTo ? `${t("trackingLinks.sentTo", { email: link.sentTo })} · ` : ""}
                    {state === "revoked"
                      ? t("trackingLinks.revokedAt", { date: formatDateTime(link.revokedAt) })
                      : t(state === "expired" ? "trackingLinks.expiredAt" : "trackingLinks.expiresAt", {
                          date: formatDateTime(link.expiresAt),
                        })}
                    {" · "}
                    {link.lastOpenedAt
                      ? t("trackingLinks.opened", { date: formatDateTime(link.lastOpenedAt) })
                      : t("trackingLinks.notOpened")}
                  </p>
                </div>
                {state === "active" ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-9 text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setRevoking(link)}
                  >
                    <Link2Off aria-hidden />
                    {t("trackingLinks.revoke")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {all.length > SHOWN_LINKS ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? t("trackingLinks.showFewer") : t("trackingLinks.showAll", { count: all.length })}
        </Button>
      ) : null}

      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("trackingLinks.revokeTitle")}
        description={t("trackingLinks.revokeText")}
        confirmLabel={t("trackingLinks.revoke")}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify({ title: t("trackingLinks.revoked"), variant: "success" });
              setRevoking(null);
            },
            onError: (error) =>
              notify({
                title: t("trackingLinks.revokeFailed"),
                description: describeError(error, t),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
