import { HttpError } from "../../http/errors";

/** A file that is not a readable CSV or Excel workbook. Importers answer "Failed to parse the file.". */
export class SheetParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SheetParseError";
  }
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The limits of a file an import reads, each a 400 with its own code and the limit in `details`, so
 * the import dialogs say it in the reader's language. They are checked before the work they bound.
 */
export const tooManyRows = (maxRows: number) =>
  new HttpError(
    400,
    "TOO_MANY_ROWS",
    `The file has more than ${count(maxRows)} rows. Split it and import each part.`,
    { maxRows },
  );

export const tooManyColumns = (maxColumns: number) =>
  new HttpError(
    400,
    "TOO_MANY_COLUMNS",
    `The file has more than ${count(maxColumns)} columns. Keep only the columns the import reads.`,
    { maxColumns },
  );

export const tooLargeUnpacked = (maxMegabytes: number) =>
  new HttpError(
    400,
    "SHEET_TOO_LARGE",
    `The workbook holds more than ${count(maxMegabytes)} MB once unpacked. Split it and import each part.`,
    { maxMegabytes },
  );

export const tooSlowToRead = () =>
  new HttpError(400, "SHEET_TOO_SLOW", "The file took too long to read. Split it and import each part.");
