import { ROUTES, routePath } from "@shared/access";
import type { AccidentInput } from "@shared/accidents/accidents.schema";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { SectionCard } from "../../../components/ui/card";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { notify } from "../../../lib/toast";
import { useSafetyMessages } from "../../citations/safety-messages";
import { useAddAccidentImage, useSaveAccident } from "../api/accidents";
import { AccidentForm, EMPTY_ACCIDENT } from "../components/accident-form";
import { PhotoPicker } from "../components/photo-picker";

/** Record an accident: the report, then its photos, one by one; then its page. */
export default function AccidentNewPage() {
  const { t } = useTranslation("accidents");
  const navigate = useNavigate();
  const messages = useSafetyMessages();
  const save = useSaveAccident();
  const addImage = useAddAccidentImage();
  const [photos, setPhotos] = useState<File[]>([]);

  const submit = async (input: AccidentInput) => {
    const created = await save.mutateAsync(input);
    let failed = 0;
    let lastError: unknown = null;
    for (const file of photos) {
      try {
        await addImage.mutateAsync({ id: created.id, file });
      } catch (error) {
        failed++;
        lastError = error;
      }
    }
    if (failed) {
      notify({
        title: t("toast.createdSomePhotosFailed", { count: failed }),
        description: messages.error(lastError, { photo: true }),
        variant: "error",
      });
    } else {
      notify({
        title: t("toast.created"),
        description: t("toast.createdText", { reference: created.reference, count: photos.length }),
        variant: "success",
      });
    }
    navigate(routePath("accidentDetail", { accidentId: created.id }), { state: AFTER_CREATE });
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.accidents.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      <PageHeader title={t("form.newTitle")} description={t("form.newText")} />
      <AccidentForm
        defaultValues={EMPTY_ACCIDENT}
        submitLabel={t("form.create")}
        onSubmit={submit}
        onCancel={() => navigate(ROUTES.accidents.path)}
        extra={
          <SectionCard title={t("photos.title")} description={t("photos.text")}>
            <PhotoPicker files={photos} onChange={setPhotos} />
          </SectionCard>
        }
      />
    </div>
  );
}
