import type { ExportFormat } from "@shared/fuel/fuel.schema";
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

/** CSV or Excel of the filtered list; a failure is reported in the page. */
export function ExportMenu({
  filtered,
  run,
}: {
  filtered: boolean;
  run: (format: ExportFormat) => Promise<void>;
}) {
  const { t } = useTranslation("parking");
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const go = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await run(format);
    } catch (error) {
      notify({ title: t("list.exportFailed"), description: describeError(error, t), variant: "error" });
    } finally {
      setExporting(null);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="flex-1 sm:flex-none">
          {exporting ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {t("list.export")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t(filtered ? "list.exportFiltered" : "list.exportAll")}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void go("csv")} disabled={!!exporting}>
          <FileText aria-hidden />
          {t("list.exportCsv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void go("xlsx")} disabled={!!exporting}>
          <FileSpreadsheet aria-hidden />
          {t("list.exportXlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
