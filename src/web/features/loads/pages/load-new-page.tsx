import { routePath } from "@shared/access";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { notify } from "../../../lib/toast";
import { useLoad, useNextLoadNumber, useSaveLoad } from "../api/loads";
import { copyOfLoad } from "../components/copy-of-load";
import { LoadForm } from "../components/load-form";
import { EMPTY_LOAD, type LoadFormValues, toLoadInput } from "../components/load-form-values";
import { FormSkeleton } from "../components/load-skeletons";

/** New load: the number comes prefilled from the server's sequence and stays editable. */
export default function LoadNewPage() {
  const { t } = useTranslation("loads");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // "Duplicate" and "Create return load" start from a saved load (decision 034).
  const from = params.get("from") ?? undefined;
  const mode = params.get("mode") === "return" ? "return" : "duplicate";
  const source = useLoad(from);
  const next = useNextLoadNumber(true);
  const save = useSaveLoad();
  // The form mounts once the number is known (or could not be fetched: the server then assigns one).
  const [defaults, setDefaults] = useState<LoadFormValues | null>(null);
  useEffect(() => {
    if (defaults) return;
    if (from && !source.data && !source.isError) return;
    const start = source.data ? copyOfLoad(source.data, mode) : EMPTY_LOAD;
    if (next.data) setDefaults({ ...start, loadNumber: next.data.loadNumber });
    else if (next.isError) setDefaults(start);
  }, [next.data, next.isError, defaults, from, source.data, source.isError, mode]);

  const submit = async (values: LoadFormValues) => {
    const load = await save.mutateAsync(toLoadInput(values));
    notify({
      title: t("toast.created"),
      description: t("toast.createdText", { number: load.loadNumber }),
      variant: "success",
    });
    navigate(routePath("loadDetail", { loadId: load.id }), { state: AFTER_CREATE });
    return load;
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader
        title={source.data ? t(`form.${mode}Title`, { number: source.data.loadNumber }) : t("form.newTitle")}
        description={source.data ? t(`form.${mode}Description`) : t("form.newDescription")}
      />
      {defaults ? (
        <LoadForm
          defaultValues={defaults}
          pickerLabels={source.data ? { customer: source.data.customerName } : undefined}
          submitLabel={t("form.create")}
          onSubmit={submit}
          onCancel={() => navigate(routePath("loads"))}
        />
      ) : (
        <FormSkeleton label={t("common:loading")} />
      )}
    </div>
  );
}
