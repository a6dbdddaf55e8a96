import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { BlobStore, StoredObject } from "./storage";

/** STORAGE_DRIVER=s3: any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2…). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Not AWS: the store's URL (https://minio.example.com). */
  endpoint?: string;
  /** Keys; without them the SDK's usual chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (https://host/bucket/key) rather than the host name: MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
}

/** A storage key as an object key: the same relative paths as on disk, never leaving the bucket's prefix. */
function objectKey(key: string): string {
  if (!key || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === "."))
    throw new Error("Invalid storage key");
  return key;
}

/** A missing object is the same as a missing file on disk: the callers answer 404. */
function missingAsEnoent(err: unknown, key: string): unknown {
  return err instanceof NoSuchKey ||
    (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
    ? Object.assign(new Error(`ENOENT: no object ${key}`), { code: "ENOENT" })
    : err;
}

/**
 * File bytes in an S3-compatible bucket, so every app instance reads what any other wrote (decision
 * 035). Objects are private; the app streams them to the browser itself, with the same headers and
 * type checks as from disk.
 */
export function s3Store(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Plain payloads with their SHA-256 (every S3-compatible store accepts them); no chunked checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!res.Body) throw new Error(`Empty object ${key}`);
        return await res.Body.transformToByteArray();
      } catch (err) {
        throw missingAsEnoent(err, key);
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async putFile(key, file) {
      const { size } = await stat(file);
      // one PUT (up to 5 GB) streamed from the file, with its length
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    },
    async open(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(res.Body instanceof Readable)) throw new Error(`Empty object ${key}`);
        return { stream: res.Body, bytes: res.ContentLength ?? 0 };
      } catch (err) {
        throw missingAsEnoent(err, key);
      }
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: objectKey(prefix), ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key)
            found.push({ key: o.Key, bytes: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
  };
}
