import { BookmarkPlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import { useDeleteView, useSavedViews, useSaveView } from "../api/saved-views";

/** The list's query as a view keeps it: filters and sort, never the page. */
function viewQuery(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete("page");
  next.sort();
  return next.toString();
}

/** Built in: the list's default (today's work) and the unassigned loads. */
const PRESETS = [
  { key: "today", query: "" },
  { key: "unassigned", query: "status=pending" },
] as const;

/**
 * The user's saved views of the loads list (decision 034): pick one to restore its filters and sort,
 * save the current ones under a name (the same name replaces it), delete the one on screen.
 */
export function SavedViews() {
  const { t } = useTranslation("loads");
  const [params, setParams] = useSearchParams();
  const views = useSavedViews();
  const save = useSaveView();
  const remove = useDeleteView();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const current = viewQuery(params);
  const preset = PRESETS.find((p) => p.query === current);
  const mine = (views.data ?? []).find((v) => v.query === current);
  const value = mine ? `view:${mine.id}` : preset ? `preset:${preset.key}` : "";

  const choose = (next: string) => {
    const [kind, id] = next.split(":");
    const query =
      kind === "preset"
        ? (PRESETS.find((p) => p.key === id)?.query ?? "")
        : ((views.data ?? []).find((v) => v.id === id)?.query ?? "");
    setParams(new URLSearchParams(query));
  };
  const onSave = () =>
    save.mutate(
      { name, query: current },
      {
        onSuccess: (view) => {
          notify({ title: t("views.saved", { name: view.name }), variant: "success" });
          setNaming(false);
        },
        onError: (error) =>
          notify({ title: t("actions.failed"), description: describeError(error, t), variant: "error" }),
      },
    );

  return (
    <div className="flex w-full items-center gap-2 sm:w-auto" data-testid="saved-views">
      <Select
        aria-label={t("views.label")}
        value={value}
        onChange={(e) => choose(e.target.value)}
        className="h-10 min-w-0 flex-1 sm:w-auto sm:min-w-44 sm:flex-none"
        data-testid="saved-view-select"
      >
        {value ? null : <option value="">{t("views.custom")}</option>}
        {PRESETS.map((p) => (
          <option key={p.key} value={`preset:${p.key}`}>
            {t(`views.presets.${p.key}`)}
          </option>
        ))}
        {(views.data ?? []).map((v) => (
          <option key={v.id} value={`view:${v.id}`}>
            {v.name}
          </option>
        ))}
      </Select>
      <Button
        variant="outline"
        className="h-10"
        onClick={() => {
          setName(mine?.name ?? "");
          setNaming(true);
        }}
        data-testid="save-view"
      >
        <BookmarkPlus aria-hidden />
        {t("views.save")}
      </Button>
      {mine ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 text-red-600 hover:bg-red-50"
          aria-label={t("views.delete", { name: mine.name })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(mine.id, {
              onSuccess: () => notify({ title: t("views.deleted", { name: mine.name }) }),
            })
          }
        >
          <Trash2 aria-hidden />
        </Button>
      ) : null}
      <ConfirmDialog
        open={naming}
        onOpenChange={setNaming}
        title={t("views.save")}
        description={t("views.saveText")}
        confirmLabel={t("views.save")}
        pending={save.isPending}
        confirmDisabled={!name.trim()}
        onConfirm={onSave}
      >
        <Field label={t("views.name")}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            data-testid="view-name"
          />
        </Field>
      </ConfirmDialog>
    </div>
  );
}
