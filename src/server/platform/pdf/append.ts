import { PageSizes, PDFDocument } from "pdf-lib";
import { imageSize, pixelsOf } from "../storage/image-size";
import { sniffContentType } from "../storage/storage";
import { runInWorker, WorkerFailure } from "../workers/run-in-worker";

export interface AppendableFile {
  /** Shown in the result (and by callers in "not attached" notes). */
  name: string;
  bytes: Uint8Array;
}

export type SkipReason = "unsupported_type" | "encrypted" | "unreadable" | "too_large";

export interface AppendResult {
  appended: Array<{ name: string; pages: number }>;
  skipped: Array<{ name: string; reason: SkipReason }>;
}

/**
 * Past these a file is not appended (skipped as `too_large`), checked before it is parsed: a PDF's
 * size, and a PNG's pixels as its header declares them (embedding decodes every pixel, and a few
 * hundred KB of PNG can declare a gigabyte of them). A JPEG is embedded as it is, never decoded.
 */
export const APPEND_MAX_PDF_BYTES = 50 * 1024 * 1024;
export const APPEND_MAX_PNG_PIXELS = 40_000_000;
/**
 * Up to these the files are appended on the spot (milliseconds); beyond, on a worker thread, so the
 * seconds a large PDF or photo takes never hold the server's event loop (issue 38).
 */
export const INLINE_APPEND_BYTES = 512 * 1024;
export const INLINE_PNG_PIXELS = 1_000_000;
const WORKER_LIMITS = { timeoutMs: 120_000, maxMemoryMb: 1024 };

const IMAGE_MARGIN = 36;

/**
 * Appends stored files to `pdf`, in order: a PDF with all its pages, a JPEG or PNG on a page of
 * its own (US Letter, portrait or landscape to match, scaled to fit inside the margins). The type
 * is read from the bytes, never from a name. Files that cannot be placed (WebP/HEIC photos,
 * encrypted, damaged or oversized files) are skipped and reported, so one bad upload never loses the
 * document.
 */
export async function appendFiles(pdf: PDFDocument, files: AppendableFile[]): Promise<AppendResult> {
  if (!needsWorker(files)) return appendInto(pdf, files);
  let made: { bytes: Uint8Array | null; result: AppendResult };
  try {
    made = await runInWorker(
      { module: new URL("./pdf-tasks.ts", import.meta.url), name: "appendToNewPdf" },
      // Copies: a Node Buffer is often a view of a larger pool, which would be sent whole.
      files.map((f) => ({ name: f.name, bytes: new Uint8Array(f.bytes) })),
      WORKER_LIMITS,
    );
  } catch (err) {
    if (!(err instanceof WorkerFailure) || err.name === "WorkerCrashed") throw err;
    // Too slow or too big to read: the document goes out without them, and says so.
    return { appended: [], skipped: files.map((f) => ({ name: f.name, reason: "too_large" as const })) };
  }
  if (made.bytes) {
    // Written by pdf-lib without object streams: reading it back parses objects, never inflates.
    const source = await PDFDocument.load(made.bytes, { updateMetadata: false });
    for (const page of await pdf.copyPages(source, source.getPageIndices())) pdf.addPage(page);
  }
  return made.result;
}

function needsWorker(files: AppendableFile[]): boolean {
  let bytes = 0;
  for (const f of files) {
    const type = sniffContentType(f.bytes);
    const pixels = type === "image/png" ? pixelsOf(imageSize(f.bytes)) : 0;
    // A PNG past the limit is skipped unread, wherever: it does not call for a worker.
    if (pixels > INLINE_PNG_PIXELS && pixels <= APPEND_MAX_PNG_PIXELS) return true;
    if (type === "application/pdf" || type === "image/png") bytes += f.bytes.length;
  }
  return bytes > INLINE_APPEND_BYTES;
}

/** The work itself, on whichever thread `appendFiles` chose. */
export async function appendInto(pdf: PDFDocument, files: AppendableFile[]): Promise<AppendResult> {
  const result: AppendResult = { appended: [], skipped: [] };
  for (const file of files) {
    // pdf-lib reads the whole underlying buffer: a Node Buffer is often a slice of a shared pool.
    const bytes = new Uint8Array(file.bytes);
    const type = sniffContentType(bytes);
    try {
      if (type === "application/pdf") {
        if (bytes.length > APPEND_MAX_PDF_BYTES) {
          result.skipped.push({ name: file.name, reason: "too_large" });
          continue;
        }
        const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
        if (source.isEncrypted) {
          result.skipped.push({ name: file.name, reason: "encrypted" });
          continue;
        }
        const pages = await pdf.copyPages(source, source.getPageIndices());
        for (const page of pages) pdf.addPage(page);
        result.appended.push({ name: file.name, pages: pages.length });
      } else if (type === "image/jpeg" || type === "image/png") {
        if (type === "image/png" && pixelsOf(imageSize(bytes)) > APPEND_MAX_PNG_PIXELS) {
          result.skipped.push({ name: file.name, reason: "too_large" });
          continue;
        }
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
