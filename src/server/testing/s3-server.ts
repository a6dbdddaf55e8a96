import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An S3-compatible object store on loopback for the tests (the network's S3 is outside this one): the
 * path-style REST calls the app makes — PUT, GET, HEAD and DELETE of an object, and ListObjectsV2 of a
 * prefix — with every request's AWS Signature Version 4 checked against the one key pair it knows, as
 * a real store does.
 */
export interface S3Server {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the bucket holds, by object key. */
  objects: Map<string, Buffer>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

function xml(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** Checks the request's SigV4 signature; the reason it fails, or null. */
function signatureProblem(req: IncomingMessage, body: Buffer, keyId: string, secret: string): string | null {
  const auth = req.headers.authorization ?? "";
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return "no SigV4 authorization";
  const [, id, day, region, signedHeaders, signature] = m;
  if (id !== keyId) return "unknown access key";
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return "payload hash mismatch";
  const [rawPath, rawQuery = ""] = (req.url ?? "/").split("?");
  const query = rawQuery
    .split("&")
    .filter(Boolean)
    .map((p) => (p.includes("=") ? p : `${p}=`))
    .sort()
    .join("&");
  const headers = signedHeaders
    .split(";")
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [req.method, rawPath, query, headers, signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), "s3"), "aws4_request");
  const expected = hmac(key, toSign).toString("hex");
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : "signature mismatch";
}

export async function startS3Server(bucket = "lms-files"): Promise<S3Server> {
  const accessKeyId = "AKIALOOPBACKTEST";
  const secretAccessKey = "loopback-secret-key-for-tests-only";
  const objects = new Map<string, Buffer>();
  const state = { refused: 0 };
  const modified = new Map<string, Date>();
  const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  /** ListObjectsV2: every key under the prefix in one page. */
  const list = (res: ServerResponse, prefix: string) => {
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const contents = keys
      .map(
        (k) =>
          `<Contents><Key>${xmlText(k)}</Key><LastModified>${(modified.get(k) ?? new Date()).toISOString()}</LastModified>` +
          `<Size>${objects.get(k)?.length ?? 0}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      )
      .join("");
    res.writeHead(200, { "content-type": "application/xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Name>${bucket}</Name><Prefix>${xmlText(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount>` +
        `<MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
    );
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(req, body, accessKeyId, secretAccessKey);
      if (problem) {
        state.refused++;
        return xml(res, 403, "SignatureDoesNotMatch", problem);
      }
      const [rawPath, rawQuery = ""] = (req.url ?? "/").split("?");
      const path = decodeURIComponent(rawPath);
      const query = new URLSearchParams(rawQuery);
      if (
        req.method === "GET" &&
        (path === `/${bucket}` || path === `/${bucket}/`) &&
        query.get("list-type") === "2"
      )
        return list(res, query.get("prefix") ?? "");
      if (!path.startsWith(`/${bucket}/`)) return xml(res, 404, "NoSuchBucket", "The bucket does not exist");
      const key = path.slice(bucket.length + 2);
      switch (req.method) {
        case "PUT":
          objects.set(key, body);
          modified.set(key, new Date());
          res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
          return res.end();
        case "GET":
        case "HEAD": {
          const found = objects.get(key);
          if (!found) return xml(res, 404, "NoSuchKey", "The specified key does not exist.");
          res.writeHead(200, { "content-length": found.length, "content-type": "application/octet-stream" });
          return res.end(req.method === "GET" ? found : undefined);
        }
        case "DELETE":
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xml(res, 405, "MethodNotAllowed", "Not supported here");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
