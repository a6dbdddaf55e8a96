import { can, ROUTES, routePath } from "@shared/access";
import { hasDefects } from "@shared/inspections/inspections.schema";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { OfflineNotice } from "../../../components/offline-notice";
import { PageHeader } from "../../../components/page-header";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { isQueued } from "../../../lib/outbox/outbox";
import { notifyQueued } from "../../../lib/outbox/use-outbox";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useInspectableAssets } from "../api/inspections";
import { InspectionForm } from "../components/inspection-form";

/** File an inspection: a driver's pre-trip or post-trip report from a phone, or any inspection by staff. */
export default function InspectionNewPage() {
  const { t } = useTranslation("inspections");
  const navigate = useNavigate();
  const me = useMe().data;
  const staff = can(me ?? null, "inspections:lookups");
  // A driver's form opens on their own truck and trailer, kept for offline use (decision 062).
  const assets = useInspectableAssets("", "", !!me && !staff);

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 sm:gap-6">
      <Link
        to={ROUTES.inspections.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      <PageHeader
        title={t(staff ? "form.title" : "form.driverTitle")}
        description={t(staff ? "form.description" : "form.driverDescription")}
      />
      {staff ? null : <OfflineNotice shown={assets} />}
      {me ? (
        <InspectionForm
          staff={staff}
          myName={me.user.name}
          onCancel={() => navigate(ROUTES.inspections.path)}
          onFiled={(detail) => {
            if (isQueued(detail)) {
              notifyQueued(t);
              navigate(ROUTES.inspections.path);
              return;
            }
            notify({
              title: t("toast.filed"),
              description: hasDefects(detail.overallStatus) ? t("toast.filedDefects") : t("toast.filedPass"),
              variant: "success",
            });
            navigate(routePath("inspectionDetail", { inspectionId: detail.id }), { state: AFTER_CREATE });
          }}
        />
      ) : null}
    </div>
  );
}
