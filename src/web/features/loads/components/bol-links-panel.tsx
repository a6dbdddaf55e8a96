import { BOL_LINK_DEFAULT_DAYS, BOL_LINK_MAX_DAYS, type BolUploadLink } from "@shared/loads/loads.schema";
import { Check, Copy, Link2, Link2Off } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { Input, Label, Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useBolLinks, useCreateBolLink, useRevokeBolLink } from "../api/load-panels";

const DAY_CHOICES = [1, 3, BOL_LINK_DEFAULT_DAYS, 14, BOL_LINK_MAX_DAYS] as const;

type LinkState = "active" | "expired" | "revoked";
const stateOf = (link: BolUploadLink): LinkState =>
  link.revokedAt ? "revoked" : link.active ? "active" : "expired";
const TONES = { active: "success", expired: "neutral", revoked: "danger" } as const;

/**
 * Links a shipper or receiver can use to upload the BOL without an account. The server keeps only a
 * hash of the token, so the URL is shown once, right after it is made.
 */
export function BolLinksPanel({ loadId }: { loadId: string }) {
  const { t } = useTranslation("loads");
  const links = useBolLinks(loadId, true);
  const create = useCreateBolLink(loadId);
  const revoke = useRevokeBolLink(loadId);
  const [days, setDays] = useState<number>(BOL_LINK_DEFAULT_DAYS);
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<BolUploadLink | null>(null);
  const daysId = useId();
  const urlId = useId();

  const make = () =>
    create.mutate(days, {
      onSuccess: (link) => {
        setCreated(link);
        setCopied(false);
      },
      onError: (error) =>
        notify({ title: t("bolLinks.createFailed"), description: describeError(error, t), variant: "error" }),
    });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
      notify({ title: t("bolLinks.copied"), variant: "success" });
    } catch {
      // No clipboard permission (or not a secure context): the field is selected for a manual copy.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
      notify({ title: t("bolLinks.copyManually") });
    }
  };

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="bol-links">
      <div className="grid grid-cols-[1fr_auto] items-end gap-2">
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={daysId}>{t("bolLinks.validFor")}</Label>
          <Select id={daysId} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t("bolLinks.days", { count: d })}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={make} disabled={create.isPending} data-testid="create-bol-link">
          {create.isPending ? <Spinner className="text-current" /> : <Link2 aria-hidden />}
          {t("bolLinks.create")}
        </Button>
      </div>

      {created ? (
        <Alert tone="info">
          <div className="grid grid-cols-1 gap-2">
            <p className="font-medium">{t("bolLinks.createdTitle")}</p>
            <p className="text-xs">
              {t("bolLinks.createdText", { date: formatDateTime(created.expiresAt) })}
            </p>
            <div className="grid grid-cols-1 gap-2">
              <Input
                id={urlId}
                readOnly
                value={created.url}
                onFocus={(e) => e.currentTarget.select()}
                aria-label={t("bolLinks.url")}
                className="font-mono text-xs"
                data-testid="bol-link-url"
              />
              <Button
                variant="outline"
                onClick={() => void copy()}
                className="bg-white"
                data-testid="copy-bol-link"
              >
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied ? t("bolLinks.copiedShort") : t("bolLinks.copy")}
              </Button>
            </div>
          </div>
        </Alert>
      ) : null}

      {links.isLoading ? (
        <Spinner label={t("common:loading")} className="text-sm" />
      ) : links.isError ? (
        <p className="text-sm text-red-600">{describeError(links.error, t)}</p>
      ) : (links.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-500">{t("bolLinks.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {(links.data ?? []).map((link) => {
            const state = stateOf(link);
            return (
              <li key={link.id} className="flex items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={TONES[state]}>{t(`bolLinks.state.${state}`)}</Badge>
                    <span className="text-xs text-slate-500">
                      {t("bolLinks.uploads", { count: link.uploads })}
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-slate-500">
                    {state === "revoked"
                      ? t("bolLinks.revokedAt", { date: formatDateTime(link.revokedAt) })
                      : t(state === "expired" ? "bolLinks.expiredAt" : "bolLinks.expiresAt", {
                          date: formatDateTime(link.expiresAt),
                        })}
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
                    {t("bolLinks.revoke")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("bolLinks.revokeTitle")}
        description={t("bolLinks.revokeText")}
        confirmLabel={t("bolLinks.revoke")}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify({ title: t("bolLinks.revoked"), variant: "success" });
              setRevoking(null);
            },
            onError: (error) =>
              notify({
                title: t("bolLinks.revokeFailed"),
                description: describeError(error, t),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
