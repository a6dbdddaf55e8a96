import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { mountTable } from "../testing/mount-table";
import { badRequest } from "./errors";
import { fileField } from "./files";
import { routeTable } from "./route-table";

const itemSchema = z.object({ id: z.string(), name: z.string() });
const inputSchema = z.object({ name: z.string().min(1, "Name is required.") });
const querySchema = z.object({ q: z.string().optional() });

/** A table over an in-memory store, mounted the way app.ts mounts a module. */
function appWith(access: "public" | "fleet:read" = "public") {
  const rows = new Map([["7f1c0000-0000-4000-8000-000000000001", "Trailer 53"]]);
  const t = routeTable({ tags: ["Things"], access });
  t.export("/api/things/export", { summary: "The things as CSV", query: querySchema }, async ({ query }) => ({
    body: `name\n${[...rows.values()].filter((n) => n.includes(query.q ?? "")).join("\n")}\n`,
    contentType: "text/csv",
    fileName: "things.csv",
  }));
  t.list(
    "/api/things",
    { summary: "Things", query: querySchema, response: z.object({ items: z.array(itemSchema) }) },
    async () => ({ items: [...rows].map(([id, name]) => ({ id, name })) }),
  );
  t.create(
    "/api/things",
    { summary: "Add a thing", body: inputSchema, response: itemSchema },
    async ({ body }) => {
      const id = "7f1c0000-0000-4000-8000-000000000002";
      rows.set(id, body.name);
      return { id, name: body.name };
    },
  );
  t.get("/api/things/{id}", { summary: "One thing", response: itemSchema }, async ({ id }) => ({
    id,
    name: rows.get(id) ?? "",
  }));
  t.remove("/api/things/{id}", { summary: "Delete a thing" }, async ({ id }) => rows.delete(id));
  t.upload(
    "/api/things/import",
    {
      summary: "Read a file",
      form: z.object({ file: fileField }),
      response: z.object({ bytes: z.number() }),
      maxBytes: 1024,
    },
    async ({ form }) => ({ bytes: form.file.size }),
  );
  return mountTable(t);
}

/** A table whose create reads its failed validation first (a hook), as customers' create does. */
function appWithHook() {
  const t = routeTable({ tags: ["Things"], access: "public" });
  t.create(
    "/api/things",
    {
      summary: "Add a thing",
      body: inputSchema,
      response: itemSchema,
      hook: (result) => {
        if (!result.success) throw badRequest("A thing needs its name.", { fields: { name: "Required." } });
      },
    },
    async ({ body }) => ({ id: "7f1c0000-0000-4000-8000-000000000003", name: body.name }),
  );
  return mountTable(t);
}

describe("the route table", () => {
  it("declares each shape through defineRoute: operationId, status, errors, security", () => {
    const doc = appWith("fleet:read").getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
    });
    const paths = doc.paths ?? {};
    const list = paths["/api/things"]!.get!;
    expect(list.operationId).toBe("getThings");
    expect(list.tags).toEqual(["Things"]);
    expect(list.security).toEqual([{ sessionCookie: [] }]);
    expect((list as { "x-permissions"?: string[] })["x-permissions"]).toEqual(["fleet:read"]);
    const create = paths["/api/things"]!.post!;
    expect(Object.keys(create.responses!)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "413"]),
    );
    expect(create.responses!["201"]).toMatchObject({ description: "Created" });
    const remove = paths["/api/things/{id}"]!.delete!;
    expect(Object.keys(remove.responses!)).toEqual(expect.arrayContaining(["200", "404", "409"]));
    const file = paths["/api/things/export"]!.get!;
    expect(Object.keys((file.responses!["200"] as { content: object }).content)).toEqual([
      "text/csv",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    expect(paths["/api/things/import"]!.post!.requestBody).toMatchObject({
      required: true,
      content: { "multipart/form-data": {} },
    });
  });

  it("answers each shape: the handler's result, its status, a file, an ok, and the guard's 401", async () => {
    const app = appWith();
    expect(await (await app.request("/api/things")).json()).toEqual({
      items: [{ id: "7f1c0000-0000-4000-8000-000000000001", name: "Trailer 53" }],
    });
    const created = await app.request("/api/things", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Reefer 12" }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: "7f1c0000-0000-4000-8000-000000000002", name: "Reefer 12" });
    const bad = await app.request("/api/things", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { details: { fields: object } } }).error.details.fields).toEqual({
      name: "Name is required.",
    });
    expect((await app.request("/api/things/not-a-uuid")).status).toBe(400);
    const one = await app.request("/api/things/7f1c0000-0000-4000-8000-000000000002");
    expect(await one.json()).toEqual({ id: "7f1c0000-0000-4000-8000-000000000002", name: "Reefer 12" });

    const csv = await app.request("/api/things/export?q=Reefer");
    expect(csv.headers.get("content-type")).toBe("text/csv");
    expect(csv.headers.get("content-disposition")).toContain('filename="things.csv"');
    expect(await csv.text()).toBe("name\nReefer 12\n");

    const removed = await app.request("/api/things/7f1c0000-0000-4000-8000-000000000001", {
      method: "DELETE",
    });
    expect(await removed.json()).toEqual({ ok: true });
    expect(await (await app.request("/api/things")).json()).toEqual({
      items: [{ id: "7f1c0000-0000-4000-8000-000000000002", name: "Reefer 12" }],
    });

    const upload = (bytes: number) => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(bytes)], "a.csv", { type: "text/csv" }));
      return app.request("/api/things/import", { method: "POST", body: form });
    };
    expect(await (await upload(10)).json()).toEqual({ bytes: 10 });
    // Past maxBytes plus the multipart envelope's allowance: refused before it is read.
    const big = await upload(200 * 1024);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("FILE_TOO_LARGE");

    // A body of a media type the operation does not declare: 415 in the API's words, declared too.
    const json = await app.request("/api/things/import", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");

    const guarded = appWith("fleet:read");
    const refused = await guarded.request("/api/things");
    expect(refused.status).toBe(401);
  });

  it("lets an operation's hook word a failed validation (and leaves a valid request alone)", async () => {
    const app = appWithHook();
    const post = (body: object) =>
      app.request("/api/things", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const bad = await post({ name: "" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "A thing needs its name.",
    );
    const good = await post({ name: "Dry van 7" });
    expect(good.status).toBe(201);
    expect(await good.json()).toEqual({ id: "7f1c0000-0000-4000-8000-000000000003", name: "Dry van 7" });
  });
});

describe("an optional JSON body", () => {
  const optionsSchema = z.object({ days: z.coerce.number().int().min(1).max(30).default(7) });
  const t = routeTable({ tags: ["Things"], access: "public" });
  t.json(
    "post",
    "/api/things/links",
    { summary: "A link", body: optionsSchema, optionalBody: true, response: optionsSchema },
    async ({ body }) => body,
  );
  const app = mountTable(t);
  const post = (body?: unknown) =>
    app.request("/api/things/links", {
      method: "POST",
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });

  it("is declared as not required", () => {
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    expect(doc.paths?.["/api/things/links"]?.post?.requestBody).toMatchObject({
      required: false,
      content: { "application/json": {} },
    });
  });

  it("reads a left-out body as {} through the schema, and validates one that was sent", async () => {
    expect(await (await post()).json()).toEqual({ days: 7 });
    expect(await (await post({ days: "12" })).json()).toEqual({ days: 12 });
    const bad = await post({ days: 90 });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { details: { fields: object } } }).error.details.fields,
    ).toHaveProperty("days");
  });
});

describe("a file's disposition and caching", () => {
  it("may be the request's choice, and a file may be kept a while", async () => {
    const t = routeTable({ tags: ["Things"], access: "public" });
    t.download(
      "/api/things/{id}/file",
      {
        summary: "A thing's file",
        query: z.object({ disposition: z.enum(["attachment", "inline"]).default("attachment") }),
        types: ["application/pdf"],
        disposition: ({ query }) => query.disposition,
        cacheControl: "private, max-age=60",
      },
      async ({ id }) => ({ body: "%PDF-", contentType: "application/pdf", fileName: `${id}.pdf` }),
    );
    const url = "/api/things/7f1c0000-0000-4000-8000-000000000001/file";
    const shown = await t.app.request(`${url}?disposition=inline`);
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename=/);
    expect(shown.headers.get("cache-control")).toBe("private, max-age=60");
    expect((await t.app.request(url)).headers.get("content-disposition")).toMatch(/^attachment; filename=/);
  });
});
