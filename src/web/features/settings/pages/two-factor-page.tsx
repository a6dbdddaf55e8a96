import { ROUTES } from "@shared/access";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { useMe } from "../../../lib/session";
import { TwoFactorCard } from "../components/two-factor-card";

/**
 * `/two-factor`: set up or turn off two-factor sign-in. A user whose role requires it lands here
 * after signing in and reaches the rest of the app once it is set up.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const me = useMe().data;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t("twoFactor.title")}
        description={me?.mustEnrolTwoFactor ? t("twoFactor.walkThrough") : t("twoFactor.description")}
      />
      <TwoFactorCard onDone={() => navigate(ROUTES.home.path, { replace: true })} />
    </div>
  );
}
