import {
  backupListSchema,
  backupNameParams,
  backupSchema,
  dataExportListSchema,
  dataExportSchema,
  dataSettingsInputSchema,
  dataSettingsSchema,
  demoRemovalSchema,
} from "@shared/data-management/data-management.schema";
import type { Context } from "hono";
import type { Deps } from "../../deps";
import { binary, fileHeaders } from "../../http/files";
import { defineRoute, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { ARCHIVE_TYPE, createDataManagementService } from "./data-management.service";

const tags = ["Data management"];
const MANAGE = "data:manage";

const archive = (c: Context, file: { stream: ReadableStream; bytes: number; fileName: string }) =>
  c.body(file.stream, 200, {
    ...fileHeaders({ fileName: file.fileName, contentType: ARCHIVE_TYPE }),
    "Content-Length": String(file.bytes),
  });

export function dataManagementRoutes(deps: Deps) {
  const service = createDataManagementService(deps);
  const t = routeTable({ tags, access: MANAGE });
  t.list(
    "/api/data/exports",
    { summary: "The latest exports with their progress", response: dataExportListSchema },
    async () => ({ items: await service.exports() }),
  );
  t.json(
    "post",
    "/api/data/exports",
    {
      summary:
        "Export every table and every stored file as one archive (docs/data-export-format.md); runs in the background, its progress in GET /api/data/exports/{id}; audited",
      conflict: "EXPORT_RUNNING: another export is still being written",
      response: dataExportSchema,
      status: 202,
    },
    ({ actor }) => service.startExport(actor),
  );
  t.get("/api/data/exports/{id}", { summary: "An export's progress", response: dataExportSchema }, ({ id }) =>
    service.export(id),
  );
  // An archive is streamed with its length, never buffered: no file shape fits, so declared by hand.
  t.route(
    defineRoute({
      method: "get",
      path: "/api/data/exports/{id}/download",
      tags,
      summary: "A finished export's archive (.tar.gz)",
      access: MANAGE,
      request: { params: uuidParams },
      responses: { 200: binary([ARCHIVE_TYPE], "The archive") },
    }),
    async (c) => archive(c, await service.exportFile(c.req.valid("param").id)),
  );
  t.list(
    "/api/data/backups",
    { summary: "The nightly backups in DATA_DIR/backups, newest first", response: backupListSchema },
    () => service.backups(),
  );
  t.json(
    "post",
    "/api/data/backups",
    {
      summary: "Write a backup now (the same archive as an export); audited",
      response: backupSchema,
      status: 201,
    },
    ({ actor }) => service.backupNow(actor),
  );
  t.route(
    defineRoute({
      method: "get",
      path: "/api/data/backups/{name}",
      tags,
      summary: "A backup's archive (.tar.gz)",
      access: MANAGE,
      request: { params: backupNameParams },
      responses: { 200: binary([ARCHIVE_TYPE], "The archive") },
    }),
    async (c) => archive(c, await service.backupFile(c.req.valid("param").name)),
  );
  t.list(
    "/api/data/demo",
    {
      summary:
        "What removing the demo company would remove: its rows per table, rows of yours that hang on them, and anything that blocks it (a dry run)",
      response: demoRemovalSchema,
    },
    ({ actor }) => service.demo(actor),
  );
  t.json(
    "post",
    "/api/data/demo/remove",
    {
      summary: "Remove the demo company: exactly the rows its seed recorded, in one transaction; audited",
      conflict: "DEMO_NOT_REMOVABLE: real records now use the demo data",
      response: demoRemovalSchema,
    },
    ({ actor }) => service.removeDemo(actor),
  );
  t.list(
    "/api/data/settings",
    {
      summary:
        "How long notifications, audit entries and the communication log are kept; the nightly backups",
      response: dataSettingsSchema,
    },
    () => service.settings(),
  );
  t.json(
    "put",
    "/api/data/settings",
    {
      summary: "Save the retention and backup settings (applied by the nightly job); audited",
      body: dataSettingsInputSchema,
      response: dataSettingsSchema,
    },
    ({ actor, body }) => service.saveSettings(actor, body),
  );
  return t.app;
}
