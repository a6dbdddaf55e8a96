import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { CUSTOMER_IMPORT_MAX_BYTES } from "@shared/customers/customers.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../testing/harness";
import { JSON_BODY_MAX_BYTES } from "./body";

/**
 * A body-size refusal answers before the body is read; the server then stops reading and closes the
 * connection. Over a real socket (what a browser or proxy sees), the 413 must say `Connection: close`,
 * or a keep-alive client sends its next request down a socket that is going away.
 */
let ctx: TestContext;
let server: http.Server;
let base: string;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await signIn(ctx, "admin@demo.test");
  server = createAdaptorServer({ fetch: ctx.app.fetch }) as http.Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on `agent`; the body is written whole, as a client that does not wait for 100-continue. */
function send(
  agent: http.Agent,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer },
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { agent, method: init.method ?? "GET", headers: { origin: TEST_ORIGIN, ...init.headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    // The server answers before the body is in and may close while it is still being written.
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "EPIPE" && err.code !== "ECONNRESET") reject(err);
    });
    req.end(init.body);
  });
}

describe("a body-size refusal (413) over a real connection", () => {
  it("says Connection: close for a JSON body over the cap, and the next request works", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.from(
        JSON.stringify({ email: "a@b.test", password: "x".repeat(JSON_BODY_MAX_BYTES) }),
      );
      const refused = await send(agent, "/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(big.length) },
        body: big,
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).error.code).toBe("BODY_TOO_LARGE");
      expect(refused.headers.connection).toBe("close");
      // The same keep-alive client, at once: it must not reuse the closing socket.
      const next = await send(agent, "/api/health", {});
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("says Connection: close for an upload over its own limit, and the next request works", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const boundary = "----lms-test-boundary";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
            "Content-Type: text/csv\r\n\r\n",
        ),
        Buffer.alloc(CUSTOMER_IMPORT_MAX_BYTES + 200 * 1024, "a"),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const refused = await send(agent, "/api/customers/import/preview", {
        method: "POST",
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.length),
        },
        body,
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).error.code).toBe("FILE_TOO_LARGE");
      expect(refused.headers.connection).toBe("close");
      const next = await send(agent, "/api/me", { headers: { cookie } });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
