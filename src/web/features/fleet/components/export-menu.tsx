import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Spinner } from "../../../components/ui/feedback";
import { notify } from "../../../lib/toast";
import type { ExportFormat } from "../api/fleet";
import { useFleetMessages } from "../fleet-messages";

/** CSV or Excel of what the list shows (all its filters, every page). */
export function ExportMenu({
  filtered,
  run,
  testId,
}: {
  filtered: boolean;
  run: (format: ExportFormat) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation("fleet");
  const messages = useFleetMessages();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const go = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await run(format);
    } catch (error) {
      notify({ title: t("export.failed"), description: messages.error(error), variant: "error" });
    } finally {
      setBusy(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="flex-1 sm:flex-none" data-testid={testId}>
          {busy ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {t("export.button")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t(filtered ? "export.filtered" : "export.all")}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void go("csv")} disabled={!!busy}>
          <FileText aria-hidden />
          {t("export.csv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void go("xlsx")} disabled={!!busy}>
          <FileSpreadsheet aria-hidden />
          {t("export.xlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
