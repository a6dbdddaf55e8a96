import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives; `reject` names mailboxes it
 * refuses with 550 (a bounce), as a real server does for an unknown user.
 */
export async function startSmtpSink(opts: { reject?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.reject?.includes(address.address.toLowerCase()))
        return callback(Object.assign(new Error("5.1.1 User unknown"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mail to one address, waiting briefly for delivery to finish. */
    async waitFor(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const start = Date.now();
      for (;;) {
        const hit = received.find((m) => m.to.includes(to));
        if (hit) return hit;
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function splitPart(raw: string) {
  const at = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: raw.slice(at + 4) };
}

function decodeBody(body: string, encoding = "") {
  const e = encoding.toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable")
    return Buffer.from(
      body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}

/** A received message's headers (decoded), subject and plain text, as a mail client shows them. */
export function readMail(mail: ReceivedMail): {
  headers: Record<string, string>;
  subject: string;
  text: string;
} {
  const top = splitPart(mail.raw);
  const headers = Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeWords(v)]));
  let part = top;
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers["content-type"] ?? "")?.[1];
  if (boundary) {
    const parts = top.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => splitPart(p.replace(/^\r\n/, "")));
    part = parts.find((p) => (p.headers["content-type"] ?? "").startsWith("text/plain")) ?? top;
  }
  return {
    headers,
    subject: headers.subject ?? "",
    text: decodeBody(part.body, part.headers["content-transfer-encoding"]).replace(/\r\n/g, "\n"),
  };
}
