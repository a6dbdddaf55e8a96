import { BOL_LINK_DEFAULT_DAYS } from "@shared/loads/loads.schema";
import { type PaperworkLinkResult, paperworkLinkSchema } from "@shared/paperwork/paperwork.schema";
import { Copy, Link2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, Label, Select } from "../../../components/ui/input";
import { formatDate } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCreatePaperworkLink } from "../api/paperwork";
import { usePaperworkMessages } from "../paperwork-messages";

const DAYS = [1, 3, 7, 14, 30] as const;

/**
 * A fresh public upload link for one load (the token is shown once): copy it, or have it emailed —
 * e.g. to the receiver who holds the signed BOL.
 */
export function PaperworkLinkDialog({
  load,
  open,
  onOpenChange,
}: {
  load: { id: string; loadNumber: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("paperwork");
  const messages = usePaperworkMessages();
  const create = useCreatePaperworkLink();
  const [days, setDays] = useState<number>(BOL_LINK_DEFAULT_DAYS);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [made, setMade] = useState<(PaperworkLinkResult & { email: string }) | null>(null);
  const urlId = useId();

  useEffect(() => {
    if (open) {
      setDays(BOL_LINK_DEFAULT_DAYS);
      setEmail("");
      setError(undefined);
      setMade(null);
    }
  }, [open]);

  const submit = () => {
    if (!load) return;
    const parsed = paperworkLinkSchema.safeParse({ expiresInDays: days, email: email.trim() });
    if (!parsed.success) {
      setError(messages.field(parsed.error.issues[0]?.message));
      return;
    }
    create.mutate(
      { loadId: load.id, ...parsed.data },
      {
        onSuccess: (result) => setMade({ ...result, email: parsed.data.email }),
        onError: (err) => {
          const message = messages.error(err);
          setError(message);
          notify({ title: t("link.failed"), description: message, variant: "error" });
        },
      },
    );
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      notify({ title: t("link.copied"), variant: "success" });
    } catch {
      // Clipboard refused (no permission, insecure origin): the field is selected for a manual copy.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={load ? t("link.title", { number: load.loadNumber }) : ""}
      description={t("link.description")}
      closeLabel={t("common:actions.close")}
      footer={
        made ? (
          <Button onClick={() => onOpenChange(false)}>{t("common:actions.close")}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button onClick={submit} disabled={create.isPending} data-testid="create-paperwork-link">
              <Link2 aria-hidden />
              {t("link.create")}
            </Button>
          </>
        )
      }
    >
      {made ? (
        <div className="grid gap-3" data-testid="paperwork-link-result">
          <div className="grid gap-1.5">
            <Label htmlFor={urlId}>{t("link.url")}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={urlId}
                readOnly
                value={made.url}
                onFocus={(e) => e.target.select()}
                data-testid="paperwork-link-url"
              />
              <Button variant="outline" onClick={copy} className="shrink-0">
                <Copy aria-hidden />
                {t("link.copy")}
              </Button>
            </div>
          </div>
          <p className="text-sm text-slate-600">
            {t("link.shownOnce", { date: formatDate(made.expiresAt) })}
          </p>
          {made.emailed ? (
            <p
              className={made.emailed === "failed" ? "text-sm text-red-700" : "text-sm text-emerald-700"}
              role="status"
            >
              {t(
                made.emailed === "sent"
                  ? "link.emailed"
                  : made.emailed === "stored"
                    ? "link.emailStored"
                    : "link.emailFailed",
                { email: made.email },
              )}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label={t("link.expires")}>
            <Select value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {t("link.days", { count: d })}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("link.email")} hint={t("link.emailHint")} error={error}>
            <Input
              type="email"
              autoComplete="off"
              value={email}
              data-testid="paperwork-link-email"
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
        </div>
      )}
    </Dialog>
  );
}
