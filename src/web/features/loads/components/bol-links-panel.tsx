import { BOL_LINK_DEFAULT_DAYS, BOL_LINK_MAX_DAYS } from "@shared/loads/loads.schema";
import { Link2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Label, Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useBolLinks, useCreateBolLink, useRevokeBolLink } from "../api/load-panels";
import { PublicLinksPanel } from "./public-links-panel";

const DAY_CHOICES = [1, 3, BOL_LINK_DEFAULT_DAYS, 14, BOL_LINK_MAX_DAYS] as const;

/**
 * Links a shipper or receiver can use to upload the BOL without an account, valid for the days
 * chosen. The server keeps only a hash of the token, so the URL is shown once, right after it is made.
 */
export function BolLinksPanel({ loadId }: { loadId: string }) {
  const { t } = useTranslation("loads");
  const links = useBolLinks(loadId, true);
  const create = useCreateBolLink(loadId);
  const revoke = useRevokeBolLink(loadId);
  const [days, setDays] = useState<number>(BOL_LINK_DEFAULT_DAYS);
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const daysId = useId();

  const make = () =>
    create.mutate(days, {
      onSuccess: setCreated,
      onError: (error) =>
        notify({ title: t("bolLinks.createFailed"), description: describeError(error, t), variant: "error" }),
    });

  return (
    <PublicLinksPanel
      kind="bol"
      form={
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
      }
      created={
        created && {
          url: created.url,
          text: t("bolLinks.createdText", { date: formatDateTime(created.expiresAt) }),
        }
      }
      query={links}
      items={links.data ?? []}
      revoke={revoke}
      aside={(link) => (
        <span className="text-xs text-slate-500">{t("bolLinks.uploads", { count: link.uploads })}</span>
      )}
    />
  );
}
