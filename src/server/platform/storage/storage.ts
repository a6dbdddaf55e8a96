import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { files } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { type S3Settings, s3Store } from "./s3-store";

/** Where file bytes live. Local disk under DATA_DIR/files; an S3-compatible store can implement the same. */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
  /** A large object (an archive) from a local file, without holding it in memory. */
  putFile(key: string, file: string): Promise<void>;
  /** A large object as a stream with its size; ENOENT when it is not there. */
  open(key: string): Promise<{ stream: Readable; bytes: number }>;
  /** The objects whose key starts with `prefix` (a folder, ending in "/"). */
  list(prefix: string): Promise<StoredObject[]>;
}

export interface StoredObject {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/** The store the settings name: the S3-compatible bucket when configured, else DATA_DIR/files. */
export function blobStoreFor(config: { dataDir: string; s3?: S3Settings }): BlobStore {
  return config.s3 ? s3Store(config.s3) : diskStore(path.join(config.dataDir, "files"));
}

/**
 * Where backups and data exports live (`backups/…`, `exports/…`): DATA_DIR itself on disk (as before:
 * DATA_DIR/backups), else the same bucket as the files, so every instance lists and serves the same
 * archives (issue 19). Uploaded files' keys start with a year, never with these folders.
 */
export function archiveStoreFor(config: { dataDir: string; s3?: S3Settings }): BlobStore {
  return config.s3 ? s3Store(config.s3) : diskStore(config.dataDir);
}

export function diskStore(root: string): BlobStore {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error("Invalid storage key");
    return p;
  };
  return {
    async put(key, bytes) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), bytes, { mode: 0o600 });
    },
    get: (key) => readFile(full(key)),
    remove: (key) => rm(full(key), { force: true }),
    async putFile(key, file) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      // a copy under a temporary name, then a rename: a half-written archive never shows
      const partial = `${full(key)}.partial`;
      await copyFile(file, partial);
      await rename(partial, full(key));
    },
    async open(key) {
      const info = await stat(full(key));
      return { stream: createReadStream(full(key)), bytes: info.size };
    },
    async list(prefix) {
      const dir = path.dirname(full(`${prefix}x`));
      const names = await readdir(dir).catch(() => [] as string[]);
      const found = await Promise.all(
        names
          .filter((n) => !n.endsWith(".partial"))
          .map(async (name) => {
            const info = await stat(path.join(dir, name)).catch(() => null);
            return info?.isFile()
              ? { key: `${prefix}${name}`, bytes: info.size, modifiedAt: info.mtime }
              : null;
          }),
      );
      return found.filter((o): o is StoredObject => o !== null);
    },
  };
}

/** What a file's first bytes say it is. The browser's claimed type is never trusted. */
export function sniffContentType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) =>
    [...text].every((ch, i) => bytes[from + i] === ch.charCodeAt(0));
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf"; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(4, "ftyp") && ["heic", "heix", "mif1", "msf1", "hevc"].some((b) => ascii(8, b)))
    return "image/heic";
  return null;
}

/** The extensions a detected type may carry; the first is the one a file gets when it has none of them. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg", "jfif"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/heic": ["heic", "heif"],
};
const extensionOf = (contentType: string) => EXTENSIONS[contentType]?.[0] ?? "bin";

export interface UploadRules {
  maxBytes: number;
  allowedTypes: readonly string[];
}

export interface StoredFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface Storage {
  /** Checks size and content, writes the bytes and records the file in `tx`. */
  save(tx: Tx, file: File, rules: UploadRules, uploadedBy: string | null): Promise<StoredFile>;
  read(storageKey: string): Promise<Uint8Array>;
  remove(storageKey: string): Promise<void>;
  /** Writes a file's bytes back under its key (restoring an export archive). */
  restore(storageKey: string, bytes: Uint8Array): Promise<void>;
}

/**
 * A safe display name: no path, no control characters, bounded length, and an extension that matches
 * the detected type — a PDF named `bol.html` is kept as `bol.pdf`, so the browser or desktop that
 * later opens the download never treats it as something else.
 */
export function cleanFileName(name: string, contentType: string): string {
  const printable = [...path.basename(name || "file")]
    .map((ch) => (ch.charCodeAt(0) < 32 ? "_" : ch))
    .join("");
  const base = printable.replace(/["\\/<>:|?*]+/g, "_").slice(0, 120);
  const accepted = EXTENSIONS[contentType] ?? ["bin"];
  const dot = base.lastIndexOf(".");
  const ext = dot >= 0 ? base.slice(dot + 1).toLowerCase() : "";
  if (accepted.includes(ext)) return base;
  // A short alphanumeric suffix is a (wrong) extension and is replaced; anything else is kept.
  const stem = dot > 0 && /^[a-z0-9]{1,5}$/.test(ext) ? base.slice(0, dot) : base;
  return `${stem || "file"}.${accepted[0]}`;
}

export function createStorage(store: BlobStore): Storage {
  return {
    async save(tx, file, rules, uploadedBy) {
      if (file.size === 0) throw new HttpError(400, "FILE_EMPTY", "The file is empty.");
      if (file.size > rules.maxBytes) {
        const mb = Math.round(rules.maxBytes / 1024 / 1024);
        throw new HttpError(413, "FILE_TOO_LARGE", `The file is larger than ${mb} MB.`);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const contentType = sniffContentType(bytes);
      if (!contentType || !rules.allowedTypes.includes(contentType)) {
        throw new HttpError(
          415,
          "FILE_TYPE_NOT_ALLOWED",
          "Upload a PDF or an image (JPEG, PNG, WebP or HEIC).",
        );
      }
      const now = new Date();
      const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.${extensionOf(contentType)}`;
      await store.put(storageKey, bytes);
      const [row] = await tx
        .insert(files)
        .values({
          storageKey,
          fileName: cleanFileName(file.name, contentType),
          contentType,
          size: bytes.length,
          sha256: createHash("sha256").update(bytes).digest("hex"),
          uploadedBy,
        })
        .returning();
      return { id: row.id, fileName: row.fileName, contentType, size: row.size };
    },
    read: (key) => store.get(key),
    remove: (key) => store.remove(key),
    restore: (key, bytes) => store.put(key, bytes),
  };
}

/**
 * The spec's words for a stored document whose bytes are gone (section 8): "Cannot open document" /
 * "The document data is not available.", with a code the screens know.
 */
export const documentUnavailable = () =>
  new HttpError(404, "DOCUMENT_UNAVAILABLE", "The document data is not available.", {
    title: "Cannot open document",
  });

/** A stored file by its id, with its name and type for the download; missing bytes: `documentUnavailable`. */
export async function openStoredFile(tx: Tx, storage: Storage, fileId: string | null | undefined) {
  const [f] = fileId ? await tx.select().from(files).where(eq(files.id, fileId)) : [];
  if (!f) throw notFound("The file");
  try {
    return { bytes: await storage.read(f.storageKey), fileName: f.fileName, contentType: f.contentType };
  } catch {
    throw documentUnavailable();
  }
}
