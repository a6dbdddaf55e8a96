import { useTranslation } from "react-i18next";

/** The dispatch map (issue 40): every truck's last position, load and next stop. */
export default function DispatchMapPage() {
  const { t } = useTranslation("tracking");
  return <h1 className="text-xl font-semibold">{t("map.title")}</h1>;
}
