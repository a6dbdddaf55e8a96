import { Fuel } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { useCreateParam } from "../../../lib/create-param";
import { FuelEntriesView } from "../components/fuel-entries-view";

const LogFuelDialog = lazyDialog(() => import("../components/log-fuel-dialog").then((m) => m.LogFuelDialog));

/** /fuel-log: a driver's own fill-ups, and the form to log the next one. */
export default function FuelLogPage() {
  const { t } = useTranslation("fuel");
  const [logging, setLogging] = useState(false);
  useCreateParam(() => setLogging(true), true);
  return (
    <>
      <FuelEntriesView
        staff={false}
        actions={
          <Button className="flex-1 sm:flex-none" onClick={() => setLogging(true)} data-testid="log-fuel">
            <Fuel aria-hidden />
            {t("form.open")}
          </Button>
        }
      />
      <LogFuelDialog open={logging} onOpenChange={setLogging} />
    </>
  );
}
