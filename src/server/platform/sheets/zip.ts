import { constants, inflateRawSync } from "node:zlib";
import { SheetParseError } from "./errors";

/** One file of a zip archive, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  method: number;
  compressedSize: number;
  /** What the archive says the file unpacks to: checked against the real size when it is read. */
  size: number;
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** More files than any workbook has (a sheet, its styles, strings, relations, a theme…). */
const MAX_ENTRIES = 10_000;

const damaged = () => new SheetParseError("The workbook could not be read.");

/**
 * The central directory of a zip (an .xlsx): names and declared sizes, read in time linear in the
 * directory alone — nothing is unpacked. ZIP64 archives (4 GB and up) are refused.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus a comment of at most 64 KB.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryStart === 0xffffffff) throw damaged();
  if (count > MAX_ENTRIES || directoryStart + directorySize > bytes.length) throw damaged();
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw damaged();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeader = view.getUint32(at + 42, true);
    if (localHeader + 30 > bytes.length || view.getUint32(localHeader, true) !== LOCAL) throw damaged();
    const dataStart =
      localHeader + 30 + view.getUint16(localHeader + 26, true) + view.getUint16(localHeader + 28, true);
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      dataStart,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function compressed(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (data.length !== entry.compressedSize || (entry.method !== 0 && entry.method !== 8)) throw damaged();
  return data;
}

/**
 * A file of the archive, unpacked — never past its declared size, so a file that lies about its size
 * (a "zip bomb") is refused instead of filling the memory.
 */
export function readEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = compressed(bytes, entry);
  if (entry.method === 0) return data;
  try {
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    if (out.length !== entry.size) throw damaged();
    return out;
  } catch {
    throw damaged();
  }
}

/**
 * The opening of a file of the archive (from its first 2 KB of compressed data, at most 64 KB of
 * text): enough to read an XML file's first elements without unpacking the rest. Bounded however well
 * the data compresses (deflate expands at most ~1032:1).
 */
export function readEntryStart(archive: Uint8Array, entry: ZipEntry): string {
  const data = compressed(archive, entry);
  const head =
    entry.method === 0
      ? data.subarray(0, 64 * 1024)
      : (() => {
          try {
            return inflateRawSync(data.subarray(0, 2048), {
              finishFlush: constants.Z_SYNC_FLUSH,
              maxOutputLength: 4 * 1024 * 1024,
            }).subarray(0, 64 * 1024);
          } catch {
            return new Uint8Array();
          }
        })();
  return new TextDecoder().decode(head);
}
