import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A Twilio-compatible Messages API on loopback: checks the account's basic auth, keeps each text. */
export async function startSmsProvider(sid: string, token: string) {
  const received: { to: string; from: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const auth = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
      if (req.url !== `/2010-04-01/Accounts/${sid}/Messages.json` || auth !== `${sid}:${token}`) {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "Authenticate" }));
        return;
      }
      const form = new URLSearchParams(raw);
      received.push({ to: form.get("To") ?? "", from: form.get("From") ?? "", body: form.get("Body") ?? "" });
      res
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ sid: `SM${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
