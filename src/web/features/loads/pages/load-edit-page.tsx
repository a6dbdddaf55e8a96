import { routePath } from "@shared/access";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { isEditable } from "../../../components/status/load-status-badge";
import { Alert } from "../../../components/ui/feedback";
import { notify } from "../../../lib/toast";
import { useLoad, useSaveLoad } from "../api/loads";
import { LoadForm } from "../components/load-form";
import { fromLoadDetail, type LoadFormValues, toLoadInput } from "../components/load-form-values";
import { FormSkeleton, LoadLoadError } from "../components/load-skeletons";

export default function LoadEditPage() {
  const { t } = useTranslation("loads");
  const navigate = useNavigate();
  const { loadId = "" } = useParams();
  const load = useLoad(loadId);
  const save = useSaveLoad(loadId);
  const detailPath = routePath("loadDetail", { loadId });

  const submit = async (values: LoadFormValues) => {
    const saved = await save.mutateAsync(toLoadInput(values));
    notify({
      title: t("toast.saved"),
      description: t("toast.savedText", { number: saved.loadNumber }),
      variant: "success",
    });
    navigate(detailPath);
    return saved;
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader
        title={load.data ? t("form.editTitle", { number: load.data.loadNumber }) : t("form.editTitleLoading")}
      />
      {load.isError ? (
        <LoadLoadError query={load} />
      ) : !load.data ? (
        <FormSkeleton label={t("common:loading")} />
      ) : !isEditable(load.data.status) ? (
        <Alert tone="warning">
          <p>{t("form.locked", { status: t(`status.${load.data.status}`) })}</p>
          <Link to={detailPath} className="mt-2 inline-block font-medium underline">
            {t("form.backToLoad")}
          </Link>
        </Alert>
      ) : (
        <LoadForm
          // A refetch after saving must not reset a form the user is still in.
          key={load.data.id}
          defaultValues={fromLoadDetail(load.data)}
          pickerLabels={{
            customer: load.data.customerName,
            driver: load.data.driverName,
            vehicle: load.data.vehicleLabel,
            trailer: load.data.trailerLabel,
          }}
          submitLabel={t("form.save")}
          onSubmit={submit}
          onCancel={() => navigate(detailPath)}
        />
      )}
    </div>
  );
}
