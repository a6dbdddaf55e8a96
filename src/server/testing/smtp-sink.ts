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
