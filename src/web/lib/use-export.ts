import { useState } from "react";
import { notify } from "./toast";

/**
 * A list's export: runs the download, remembers which format is being prepared (the export menu shows
 * a spinner and refuses a second click), and on failure shows one error toast with the caller's words.
 */
export function useExport<F extends string>(
  download: (format: F) => Promise<unknown>,
  failure: { title: string; describe: (error: unknown) => string },
) {
  const [exporting, setExporting] = useState<F | null>(null);
  const runExport = async (format: F) => {
    setExporting(format);
    try {
      await download(format);
    } catch (error) {
      notify({ title: failure.title, description: failure.describe(error), variant: "error" });
    } finally {
      setExporting(null);
    }
  };
  return { exporting, runExport };
}
