import { Download, FileSpreadsheet, FileText } from "lucide-react";
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
 * A list's export button: CSV or Excel of what the list shows (the heading says whether that is the
 * filtered set or everything). Labels come translated from the caller's namespace.
 */
export function ExportMenu({
  testId,
  exporting,
  onExport,
  label,
  heading,
  csvLabel,
  xlsxLabel,
}: {
  testId: string;
  exporting: boolean;
  onExport: (format: ExportFormat) => void;
  label: string;
  heading: string;
  csvLabel: string;
  xlsxLabel: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="flex-1 sm:flex-none" data-testid={testId}>
          {exporting ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{heading}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onExport("csv")} disabled={exporting}>
          <FileText aria-hidden />
          {csvLabel}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport("xlsx")} disabled={exporting}>
          <FileSpreadsheet aria-hidden />
          {xlsxLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
