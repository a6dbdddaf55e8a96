import type { Audience, RecipientGroup } from "@shared/communications/communications.schema";
import { Save, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Input, Select } from "../../../components/ui/input";
import { notify } from "../../../lib/toast";
import { useDeleteRecipientGroup, useRecipientGroups, useSaveRecipientGroup } from "../api/communications";
import { useCommunicationMessages } from "../communications-messages";

/**
 * Saved recipient groups for a mass email: load one into the pickers, save the current choice under a
 * name, delete the loaded one. Groups are the company's (every hub user sees them).
 */
export function RecipientGroups({
  audience,
  labels,
  canSave,
  onLoad,
}: {
  audience: Audience;
  labels: RecipientGroup["labels"];
  canSave: boolean;
  onLoad: (group: RecipientGroup) => void;
}) {
  const { t } = useTranslation(["communications", "common"]);
  const messages = useCommunicationMessages();
  const groups = useRecipientGroups();
  const save = useSaveRecipientGroup();
  const remove = useDeleteRecipientGroup();
  const [loaded, setLoaded] = useState<RecipientGroup | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const items = groups.data?.items ?? [];

  const submit = () =>
    save.mutate(
      { name, audience, labels },
      {
        onSuccess: (g) => {
          notify({ title: t("groups.saved", { name: g.name }), variant: "success" });
          setLoaded(g);
          setNaming(false);
          setName("");
          setError(null);
        },
        onError: (e) => setError(messages.error(e)),
      },
    );

  return (
    <div className="grid gap-2" data-testid="recipient-groups">
      <div className="flex flex-wrap items-center gap-2">
        <Users className="size-4 shrink-0 text-slate-500" aria-hidden />
        <Select
          aria-label={t("groups.label")}
          value={loaded?.id ?? ""}
          onChange={(e) => {
            const g = items.find((x) => x.id === e.target.value) ?? null;
            setLoaded(g);
            if (g) onLoad(g);
          }}
          className="min-w-40 flex-1"
          data-testid="group-select"
        >
          <option value="">{items.length ? t("groups.choose") : t("groups.none")}</option>
          {items.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
        {loaded ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("groups.delete", { name: loaded.name })}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(loaded.id, {
                onSuccess: () => {
                  notify({ title: t("groups.deleted", { name: loaded.name }), variant: "success" });
                  setLoaded(null);
                },
                onError: (e) => notify({ title: messages.error(e), variant: "error" }),
              })
            }
            data-testid="group-delete"
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
        {!naming ? (
          <Button
            variant="outline"
            size="sm"
            disabled={!canSave}
            onClick={() => setNaming(true)}
            data-testid="group-save-open"
          >
            <Save aria-hidden />
            {t("groups.saveAs")}
          </Button>
        ) : null}
      </div>
      {naming ? (
        // Not a <form>: this sits inside the email's form, and a nested submit would send the email.
        <div className="flex flex-wrap items-start gap-2">
          <div className="grid min-w-0 flex-1 basis-full gap-1 sm:basis-48">
            <Input
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              placeholder={t("groups.namePlaceholder")}
              aria-label={t("groups.name")}
              aria-invalid={!!error}
              onKeyDown={(e) => {
                if (e.key !== "Enter") return;
                e.preventDefault();
                submit();
              }}
              autoFocus
              data-testid="group-name"
            />
            {error ? (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="button" size="sm" onClick={submit} disabled={save.isPending} data-testid="group-save">
            {save.isPending ? <Spinner /> : null}
            {t("groups.save")}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setNaming(false);
              setError(null);
            }}
          >
            {t("common:actions.cancel")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
