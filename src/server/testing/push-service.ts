import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on loopback that speaks the Web Push protocol, for the tests (issue 41):
 *
 * - RFC 8030: a push is a POST to the subscription's endpoint with a `TTL` header (and `Urgency`); it
 *   answers 201 Created with the message's `Location`; an unknown subscription 404, one the browser
 *   dropped 410 Gone.
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>` — the ES256 signature is checked
 *   with `k`, `aud` must be this service's origin, `exp` in the future and at most 24 hours away,
 *   `sub` a mailto: or https: contact; `k` must be the applicationServerKey the subscription was made
 *   with (when it was given one). Anything else: 401 (or 403 for the wrong key).
 * - RFC 8291: the `aes128gcm` body is decrypted with the subscription's private key and auth secret,
 *   as a browser would, so a test reads the plaintext the server sent.
 *
 * `subscribe()` makes a subscription the way a browser does (an ECDH P-256 key pair and a 16-byte
 * auth secret) and gives what `PushSubscription.toJSON()` would.
 */
export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string;
  /** The decrypted body (the JSON the server pushed, as text). */
  text: string;
  /** The VAPID claims that came with it. */
  claims: { aud: string; exp: number; sub: string };
}

interface Sub {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string | null;
  /** Answer this status instead of taking the push (410: the browser unsubscribed). */
  answer: number | null;
}

const b64u = (b: Buffer) => b.toString("base64url");

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** RFC 8292 §3: the JWT's ES256 signature checked with the key `k`; its claims, or a reason. */
function checkVapid(
  header: string | undefined,
  origin: string,
  now: number,
): { claims: ReceivedPush["claims"]; key: string } | string {
  const m = /^vapid\s+(.+)$/i.exec(header ?? "");
  if (!m) return "no vapid authorization";
  const params = Object.fromEntries(
    m[1].split(",").map((part) => {
      const i = part.indexOf("=");
      return [part.slice(0, i).trim(), part.slice(i + 1).trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) return "t and k are required";
  const [h, p, s] = token.split(".");
  if (!h || !p || !s) return "malformed JWT";
  const head = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string };
  if (head.alg !== "ES256") return "JWT must be ES256";
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k must be an uncompressed P-256 point";
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!signed) return "bad JWT signature";
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as ReceivedPush["claims"];
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600)
    return "exp must be within 24 hours";
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return "sub must be a mailto: or https: contact";
  return { claims, key };
}

/** RFC 8291 §3.4 + RFC 8188: the aes128gcm body decrypted with the user agent's keys. */
function decrypt(body: Buffer, sub: Sub): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const records = body.subarray(21 + idLength);
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, Math.min(at + rs, records.length));
    const iv = Buffer.from(nonce);
    // NONCE XOR the record's sequence number (as 96 bits; a test's few records fit the low 32).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the delimiter (2 on the last record, 1 before) then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2 && plain[end] !== 1) throw new Error("bad padding delimiter");
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out).toString("utf8");
}

export async function startPushService() {
  const subs = new Map<string, Sub>();
  const received: ReceivedPush[] = [];
  const refused: Array<{ endpoint: string; status: number; reason: string }> = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const endpoint = `${origin}${req.url}`;
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        res.writeHead(status, { "content-type": "text/plain" }).end(reason);
      };
      const sub = subs.get(req.url ?? "");
      if (req.method !== "POST") return refuse(405, "POST a push");
      if (!sub) return refuse(404, "no such subscription");
      if (sub.answer) return refuse(sub.answer, "answer set by the test");
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
        return refuse(400, "TTL header");
      const urgency = String(req.headers.urgency ?? "normal");
      if (!["very-low", "low", "normal", "high"].includes(urgency)) return refuse(400, "Urgency header");
      const vapid = checkVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
      if (typeof vapid === "string") return refuse(401, vapid);
      if (sub.applicationServerKey && vapid.key !== sub.applicationServerKey)
        return refuse(403, "k is not the subscription's applicationServerKey");
      if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, "Content-Encoding: aes128gcm");
      let text: string;
      try {
        text = decrypt(body, sub);
      } catch (err) {
        return refuse(400, `cannot decrypt: ${String(err)}`);
      }
      received.push({ endpoint, ttl, urgency, text, claims: vapid.claims });
      res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    /** A browser's new subscription (what `PushSubscription.toJSON()` gives). */
    subscribe(applicationServerKey: string | null = null) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString("hex")}`;
      subs.set(path, { ecdh, auth, applicationServerKey, answer: null });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    /** From now on, pushes to `endpoint` get `status` (410: the browser dropped the subscription). */
    answer(endpoint: string, status: number) {
      const sub = subs.get(new URL(endpoint).pathname);
      if (sub) sub.answer = status;
    },
    /** The decrypted pushes that reached `endpoint`, parsed. */
    to<T = unknown>(endpoint: string): T[] {
      return received.filter((r) => r.endpoint === endpoint).map((r) => JSON.parse(r.text) as T);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
