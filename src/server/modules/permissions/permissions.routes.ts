import { permissionChangesSchema, permissionMatrixSchema } from "@shared/permissions/permissions.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createPermissionsService } from "./permissions.service";

export function permissionsRoutes(deps: Deps) {
  const service = createPermissionsService(deps);
  const t = routeTable({ tags: ["Permissions"], access: "permissions:manage" });
  t.list(
    "/api/permissions",
    {
      summary: "The permissions editor's changes from the access table's defaults (none: the defaults)",
      response: permissionMatrixSchema,
    },
    () => service.matrix(),
  );
  t.json(
    "put",
    "/api/permissions",
    {
      summary:
        "Grant or revoke permissions for non-admin roles within the screens' ceiling (locked ones refused, all or none); effective on the next request on every instance; audited",
      body: permissionChangesSchema,
      response: permissionMatrixSchema,
    },
    ({ actor, body }) => service.change(actor, body),
  );
  t.json(
    "post",
    "/api/permissions/reset",
    {
      summary: "Back to the access table's defaults for every role; audited",
      response: permissionMatrixSchema,
    },
    ({ actor }) => service.reset(actor),
  );
  return t.app;
}
