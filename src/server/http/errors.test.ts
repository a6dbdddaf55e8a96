import { OpenAPIHono } from "@hono/zod-openapi";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import type { Logger } from "../logger";
import type { AppEnv } from "./context";
import { handleError } from "./errors";

function recordingLogger() {
  const lines: string[] = [];
  const write = (msg: string, extra?: Record<string, unknown>) =>
    lines.push(`${msg} ${JSON.stringify(extra)}`);
  const log: Logger = { debug: write, info: write, warn: write, error: write };
  return { log, lines };
}

/** pg's DatabaseError carries the SQLSTATE, a severity, and the server's message (which may quote values). */
function databaseError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: "ERROR", table: "customers", column: "email" });
}

function appThrowing(err: Error) {
  const { log, lines } = recordingLogger();
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError(log));
  app.use(requestId());
  app.get("/boom", () => {
    throw err;
  });
  return { app, lines };
}

describe("the error handler", () => {
  it("logs a failed query by code and request id, never its SQL, parameters or the server's message", async () => {
    const err = new DrizzleQueryError(
      'insert into "customers" ("name", "email") values ($1, $2)',
      ["Jane Roe", "jane.roe@example.com"],
      databaseError("22P02", 'invalid input syntax for type uuid: "jane.roe@example.com"'),
    );
    const { app, lines } = appThrowing(err);
    const res = await app.request("/boom");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.code).toBe("INTERNAL");
    const id = res.headers.get("x-request-id");
    expect(body.error.details).toEqual({ requestId: id });
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line).toContain(String(id));
    expect(line).toContain('"dbCode":"22P02"');
    expect(line).toContain('"table":"customers"');
    for (const secret of ["Jane Roe", "jane.roe@example.com", "insert into", "$1"]) {
      expect(line).not.toContain(secret);
    }
  });

  it("answers a NUL refused by PostgreSQL as the user's mistake (400), without logging it", async () => {
    const err = new DrizzleQueryError(
      "insert …",
      ["\u0000"],
      databaseError("22021", 'invalid byte sequence for encoding "UTF8": 0x00'),
    );
    const { app, lines } = appThrowing(err);
    const res = await app.request("/boom");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Text cannot contain NUL characters.",
    });
    expect(lines).toEqual([]);
  });
});
