import { PDFDocument } from "pdf-lib";
import { type AppendableFile, type AppendResult, appendInto } from "./append";

/**
 * The PDF work that runs on a worker thread (platform/workers): each returns a small PDF of its own,
 * written without object streams, that the server's thread copies pages from or embeds — cheap, since
 * the parsing and pixel decoding already happened here.
 */

/** `appendFiles` for large files: the appended pages as a PDF of their own (null when none). */
export async function appendToNewPdf(
  files: AppendableFile[],
): Promise<{ bytes: Uint8Array | null; result: AppendResult }> {
  const pdf = await PDFDocument.create();
  const result = await appendInto(pdf, files);
  return { bytes: result.appended.length ? await pdf.save({ useObjectStreams: false }) : null, result };
}

/** A PNG on a page of its own size (1 pt a pixel), to embed as a page where the image would go. */
export async function pngAsPdf(png: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  pdf
    .addPage([image.width, image.height])
    .drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return pdf.save({ useObjectStreams: false });
}
