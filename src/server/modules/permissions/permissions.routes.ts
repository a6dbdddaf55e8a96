import { OpenAPIHono } from "@hono/zod-openapi";
import { permissionChangesSchema, permissionMatrixSchema } from "@shared/permissions/permissions.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createPermissionsService } from "./permissions.service";

const tags = ["Permissions"];
const MANAGE = "permissions:manage";

const getMatrix = defineRoute({
  method: "get",
  path: "/api/permissions",
  tags,
  summary: "The permissions editor's changes from the access table's defaults (none: the defaults)",
  access: MANAGE,
  responses: { 200: jsonContent(permissionMatrixSchema) },
});
const putMatrix = defineRoute({
  method: "put",
  path: "/api/permissions",
  tags,
  summary:
    "Grant or revoke permissions for non-admin roles within the screens' ceiling (locked ones refused, all or none); effective on the next request on every instance; audited",
  access: MANAGE,
  request: { body: jsonBody(permissionChangesSchema) },
  responses: { 200: jsonContent(permissionMatrixSchema) },
});
const resetMatrix = defineRoute({
  method: "post",
  path: "/api/permissions/reset",
  tags,
  summary: "Back to the access table's defaults for every role; audited",
  access: MANAGE,
  responses: { 200: jsonContent(permissionMatrixSchema) },
});

export function permissionsRoutes(deps: Deps) {
  const service = createPermissionsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(getMatrix, async (c) => c.json(await service.matrix(), 200))
    .openapi(putMatrix, async (c) => c.json(await service.change(actorOf(c), c.req.valid("json")), 200))
    .openapi(resetMatrix, async (c) => c.json(await service.reset(actorOf(c)), 200));
}
