import { PageSizes, PDFDocument } from "pdf-lib";
import { sniffContentType } from "../storage/storage";

export interface AppendableFile {
  /** Shown in the result (and by callers in "not attached" notes). */
  name: string;
  bytes: Uint8Array;
}

export type SkipReason = "unsupported_type" | "encrypted" | "unreadable";

export interface AppendResult {
  appended: Array<{ name: string; pages: number }>;
  skipped: Array<{ name: string; reason: SkipReason }>;
}

const IMAGE_MARGIN = 36;

/**
 * Appends stored files to `pdf`, in order: a PDF with all its pages, a JPEG or PNG on a page of
 * its own (US Letter, portrait or landscape to match, scaled to fit inside the margins). The type
 * is read from the bytes, never from a name. Files that cannot be placed (WebP/HEIC photos,
 * encrypted or damaged PDFs) are skipped and reported, so one bad upload never loses the document.
 */
export async function appendFiles(pdf: PDFDocument, files: AppendableFile[]): Promise<AppendResult> {
  const result: AppendResult = { appended: [], skipped: [] };
  for (const file of files) {
    // pdf-lib reads the whole underlying buffer: a Node Buffer is often a slice of a shared pool.
    const bytes = new Uint8Array(file.bytes);
    const type = sniffContentType(bytes);
    try {
      if (type === "application/pdf") {
        const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
        if (source.isEncrypted) {
          result.skipped.push({ name: file.name, reason: "encrypted" });
          continue;
        }
        const pages = await pdf.copyPages(source, source.getPageIndices());
        for (const page of pages) pdf.addPage(page);
        result.appended.push({ name: file.name, pages: pages.length });
      } else if (type === "image/jpeg" || type === "image/png") {
        const image = type === "image/jpeg" ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
        const [short, long] = PageSizes.Letter;
        const landscape = image.width > image.height;
        const [pageWidth, pageHeight] = landscape ? [long, short] : [short, long];
        const scale = Math.min(
          (pageWidth - 2 * IMAGE_MARGIN) / image.width,
          (pageHeight - 2 * IMAGE_MARGIN) / image.height,
        );
        const width = image.width * scale;
        const height = image.height * scale;
        const page = pdf.addPage([pageWidth, pageHeight]);
        page.drawImage(image, {
          x: (pageWidth - width) / 2,
          y: (pageHeight - height) / 2,
          width,
          height,
        });
        result.appended.push({ name: file.name, pages: 1 });
      } else {
        result.skipped.push({ name: file.name, reason: "unsupported_type" });
      }
    } catch {
      result.skipped.push({ name: file.name, reason: "unreadable" });
    }
  }
  return result;
}
