import { CONTRACT_TYPES, type ContractType } from "@shared/contracts/contracts.schema";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/input";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useContractTemplates, useSaveTemplate } from "../api/contracts";
import { useContractMessages } from "../contracts-messages";
import { RichTextEditor } from "./rich-text-editor";

/** The company's template for each contract type, with the merge fields a new contract fills in. */
export function TemplatesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const templates = useContractTemplates(open);
  const save = useSaveTemplate();
  const [type, setType] = useState<ContractType>("employment");
  const [content, setContent] = useState("");
  const current = templates.data?.items.find((x) => x.type === type);
  useEffect(() => {
    if (current) setContent(current.content);
  }, [current]);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={t("templates.title")}
      description={t("templates.description")}
      closeLabel={t("common:actions.close")}
      className="max-w-3xl"
    >
      {templates.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label={t("common:loading")} />
        </div>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { type, content },
              {
                onSuccess: () =>
                  notify({ title: t("templates.saved", { type: t(`types.${type}`) }), variant: "success" }),
                onError: (error) =>
                  notify({
                    title: t("templates.failed"),
                    description: messages.error(error),
                    variant: "error",
                  }),
              },
            );
          }}
        >
          <div className="flex flex-wrap items-end justify-between gap-3">
            <Field label={t("fields.type")}>
              <Select
                value={type}
                onChange={(e) => setType(e.target.value as ContractType)}
                className="sm:w-56"
              >
                {CONTRACT_TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`types.${x}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <span className="text-xs text-slate-500">
              {current?.updatedAt
                ? t("templates.updated", { date: formatDateTime(current.updatedAt) })
                : t("templates.builtIn")}
            </span>
          </div>
          <RichTextEditor value={content} onChange={setContent} rows={16} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={save.isPending}
            >
              {t("common:actions.close")}
            </Button>
            <Button type="submit" disabled={save.isPending || !content.trim()}>
              {save.isPending ? <Spinner className="text-current" /> : null}
              {t("templates.save")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
