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
import { describeError } from "../../../lib/api-errors";
import { notify } from "../../../lib/toast";
import type { ExportFormat } from "../api/drivers";

/** CSV or Excel of what the list shows (every page of the filtered set). */
export function ExportMenu({
  filtered,
  run,
  testId,
}: {
  filtered: boolean;
  run: (format: ExportFormat) => Promise<void>;
  testId?: string;
}) {
  const { t } = useTranslation("drivers");
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const go = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await run(format);
    } catch (error) {
      notify({ title: t("export.failed"), description: describeError(error, t), variant: "error" });
    } finally {
      setExporting(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="flex-1 sm:flex-none" data-testid={testId}>
          {exporting ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {t("export.button")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t(filtered ? "export.filtered" : "export.all")}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void go("csv")} disabled={!!exporting}>
          <FileText aria-hidden />
          {t("export.csv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void go("xlsx")} disabled={!!exporting}>
          <FileSpreadsheet aria-hidden />
          {t("export.xlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
