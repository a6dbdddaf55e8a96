import { routePath } from "@shared/access";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { notify } from "../../../lib/toast";
import { useNextLoadNumber, useSaveLoad } from "../api/loads";
import { LoadForm } from "../components/load-form";
import { EMPTY_LOAD, type LoadFormValues, toLoadInput } from "../components/load-form-values";
import { FormSkeleton } from "../components/load-skeletons";

/** New load: the number comes prefilled from the server's sequence and stays editable. */
export default function LoadNewPage() {
  const { t } = useTranslation("loads");
  const navigate = useNavigate();
  const next = useNextLoadNumber(true);
  const save = useSaveLoad();
  // The form mounts once the number is known (or could not be fetched: the server then assigns one).
  const [defaults, setDefaults] = useState<LoadFormValues | null>(null);
  useEffect(() => {
    if (defaults) return;
    if (next.data) setDefaults({ ...EMPTY_LOAD, loadNumber: next.data.loadNumber });
    else if (next.isError) setDefaults(EMPTY_LOAD);
  }, [next.data, next.isError, defaults]);

  const submit = async (values: LoadFormValues) => {
    const load = await save.mutateAsync(toLoadInput(values));
    notify({
      title: t("toast.created"),
      description: t("toast.createdText", { number: load.loadNumber }),
      variant: "success",
    });
    navigate(routePath("loadDetail", { loadId: load.id }));
    return load;
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader title={t("form.newTitle")} description={t("form.newDescription")} />
      {defaults ? (
        <LoadForm
          defaultValues={defaults}
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
