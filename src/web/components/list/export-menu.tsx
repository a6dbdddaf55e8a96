import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";
import { useExport } from "../../lib/use-export";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { Spinner } from "../ui/feedback";

export type ExportFormat = "csv" | "xlsx";

/**
 * A list's export button: CSV or Excel of what the list shows. The heading names, in the list's own
 * words, whether that is the filtered set or everything; while a file is prepared the button spins
 * and refuses a second click; a failure is one error toast (`describe` words it, default: the API's
 * error in the reader's language).
 */
export function ExportMenu({
  testId,
  filtered,
  run,
  heading,
  describe,
}: {
  testId?: string;
  filtered: boolean;
  run: (format: ExportFormat) => Promise<unknown>;
  heading: { all: string; filtered: string };
  describe?: (error: unknown) => string;
}) {
  const { t } = useTranslation();
  const { exporting, runExport } = useExport(run, {
    title: t("list.exportFailed"),
    describe: describe ?? ((error) => describeError(error, t)),
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="flex-1 sm:flex-none" data-testid={testId}>
          {exporting ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {t("list.export")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{filtered ? heading.filtered : heading.all}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void runExport("csv")} disabled={!!exporting}>
          <FileText aria-hidden />
          {t("list.exportCsv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void runExport("xlsx")} disabled={!!exporting}>
          <FileSpreadsheet aria-hidden />
          {t("list.exportXlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
