import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { mountTable } from "../testing/mount-table";
import { JsonText } from "./json-text";
import { defineRoute, uuidParams } from "./route";
import { routeTable } from "./route-table";

/**
 * The escape hatch (`t.route`) for an answer no shape fits (here a 204): its handler reads the
 * route's validated input with the types the declaration gives, as `app.openapi` would. Typing
 * `c.req.valid("param").id` is the check (it did not compile while the handler got a bare context).
 */
function appWith() {
  const rows = new Set(["7f1c0000-0000-4000-8000-000000000001"]);
  const t = routeTable({ tags: ["Things"], access: "public" });
  t.list(
    "/api/things",
    { summary: "Things", response: z.object({ ids: z.array(z.string()) }) },
    async () => ({
      ids: [...rows],
    }),
  );
  t.route(
    defineRoute({
      method: "delete",
      path: "/api/things/{id}",
      tags: ["Things"],
      summary: "Forget a thing",
      access: "public",
      request: { params: uuidParams },
      responses: { 204: { description: "Forgotten" } },
    }),
    async (c) => {
      rows.delete(c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
  return mountTable(t);
}

describe("the route table's escape hatch", () => {
  it("hands the handler the route's validated input, typed, and answers what the handler answers", async () => {
    const app = appWith();
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    expect(doc.paths?.["/api/things/{id}"]?.delete?.responses?.["204"]).toEqual({ description: "Forgotten" });
    expect((await app.request("/api/things/not-a-uuid", { method: "DELETE" })).status).toBe(400);
    const gone = await app.request("/api/things/7f1c0000-0000-4000-8000-000000000001", { method: "DELETE" });
    expect(gone.status).toBe(204);
    expect(await (await app.request("/api/things")).json()).toEqual({ ids: [] });
  });
});

describe("an answer written as JSON text (json-text.ts)", () => {
  it("goes out as it is, with the same status and content type as a value would", async () => {
    const t = routeTable({ tags: ["Things"], access: "public" });
    const thing = z.object({ id: z.string(), n: z.number() });
    t.get("/api/things/{id}", { summary: "A thing", response: thing }, async ({ id }) =>
      id.endsWith("1") ? new JsonText<z.input<typeof thing>>(`{"id":"${id}","n":1}`) : { id, n: 2 },
    );
    const app = mountTable(t);
    const asText = await app.request("/api/things/7f1c0000-0000-4000-8000-000000000001");
    const asValue = await app.request("/api/things/7f1c0000-0000-4000-8000-000000000002");
    expect(asText.status).toBe(200);
    expect(asText.headers.get("content-type")).toBe(asValue.headers.get("content-type"));
    expect(await asText.text()).toBe('{"id":"7f1c0000-0000-4000-8000-000000000001","n":1}');
    expect(await asValue.json()).toEqual({ id: "7f1c0000-0000-4000-8000-000000000002", n: 2 });
  });
});
