import { routePath } from "@shared/access";
import type { AccidentInput } from "@shared/accidents/accidents.schema";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { notify } from "../../../lib/toast";
import { useSafetyMessages } from "../../citations/safety-messages";
import { useAccident, useSaveAccident } from "../api/accidents";
import { AccidentForm, fromAccidentDetail } from "../components/accident-form";

export default function AccidentEditPage() {
  const { t } = useTranslation("accidents");
  const { accidentId = "" } = useParams();
  const navigate = useNavigate();
  const messages = useSafetyMessages();
  const accident = useAccident(accidentId);
  const save = useSaveAccident(accidentId);
  const detailPath = routePath("accidentDetail", { accidentId });

  const submit = async (input: AccidentInput) => {
    const saved = await save.mutateAsync(input);
    notify({ title: t("toast.updated"), description: saved.reference, variant: "success" });
    navigate(detailPath);
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <Link
        to={detailPath}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToAccident")}
      </Link>
      {accident.isError ? (
        <Alert tone="danger">{messages.error(accident.error)}</Alert>
      ) : !accident.data ? (
        <Spinner label={t("common:loading")} className="py-12" />
      ) : (
        <>
          <PageHeader
            title={t("form.editTitle", { reference: accident.data.reference })}
            description={t("form.editText")}
          />
          <AccidentForm
            key={accident.data.id}
            defaultValues={fromAccidentDetail(accident.data)}
            labels={{
              driver: accident.data.driverName,
              vehicle: accident.data.vehicleLabel,
              trailer: accident.data.trailerLabel,
            }}
            submitLabel={t("form.saveChanges")}
            onSubmit={submit}
            onCancel={() => navigate(detailPath)}
          />
        </>
      )}
    </div>
  );
}
