import { OpenAPIHono } from "@hono/zod-openapi";
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
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileHeaders } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { ARCHIVE_TYPE, createDataManagementService } from "./data-management.service";

const tags = ["Data management"];
const MANAGE = "data:manage";

const listExports = defineRoute({
  method: "get",
  path: "/api/data/exports",
  tags,
  summary: "The latest exports with their progress",
  access: MANAGE,
  responses: { 200: jsonContent(dataExportListSchema) },
});
const startExport = defineRoute({
  method: "post",
  path: "/api/data/exports",
  tags,
  summary:
    "Export every table and every stored file as one archive (docs/data-export-format.md); runs in the background, its progress in GET /api/data/exports/{id}; audited",
  access: MANAGE,
  conflict: "EXPORT_RUNNING: another export is still being written",
  responses: { 202: jsonContent(dataExportSchema) },
});
const getExport = defineRoute({
  method: "get",
  path: "/api/data/exports/{id}",
  tags,
  summary: "An export's progress",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(dataExportSchema) },
});
const downloadExport = defineRoute({
  method: "get",
  path: "/api/data/exports/{id}/download",
  tags,
  summary: "A finished export's archive (.tar.gz)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: binary([ARCHIVE_TYPE], "The archive") },
});
const listBackups = defineRoute({
  method: "get",
  path: "/api/data/backups",
  tags,
  summary: "The nightly backups in DATA_DIR/backups, newest first",
  access: MANAGE,
  responses: { 200: jsonContent(backupListSchema) },
});
const backupNow = defineRoute({
  method: "post",
  path: "/api/data/backups",
  tags,
  summary: "Write a backup now (the same archive as an export); audited",
  access: MANAGE,
  responses: { 201: jsonContent(backupSchema) },
});
const downloadBackup = defineRoute({
  method: "get",
  path: "/api/data/backups/{name}",
  tags,
  summary: "A backup's archive (.tar.gz)",
  access: MANAGE,
  request: { params: backupNameParams },
  responses: { 200: binary([ARCHIVE_TYPE], "The archive") },
});
const getSettings = defineRoute({
  method: "get",
  path: "/api/data/settings",
  tags,
  summary: "How long notifications, audit entries and the communication log are kept; the nightly backups",
  access: MANAGE,
  responses: { 200: jsonContent(dataSettingsSchema) },
});
const putSettings = defineRoute({
  method: "put",
  path: "/api/data/settings",
  tags,
  summary: "Save the retention and backup settings (applied by the nightly job); audited",
  access: MANAGE,
  request: { body: jsonBody(dataSettingsInputSchema) },
  responses: { 200: jsonContent(dataSettingsSchema) },
});

const previewDemo = defineRoute({
  method: "get",
  path: "/api/data/demo",
  tags,
  summary:
    "What removing the demo company would remove: its rows per table, rows of yours that hang on them, and anything that blocks it (a dry run)",
  access: MANAGE,
  responses: { 200: jsonContent(demoRemovalSchema) },
});
const removeDemo = defineRoute({
  method: "post",
  path: "/api/data/demo/remove",
  tags,
  summary: "Remove the demo company: exactly the rows its seed recorded, in one transaction; audited",
  access: MANAGE,
  conflict: "DEMO_NOT_REMOVABLE: real records now use the demo data",
  responses: { 200: jsonContent(demoRemovalSchema) },
});

const archive = (c: Context, file: { stream: ReadableStream; bytes: number; fileName: string }) =>
  c.body(file.stream, 200, {
    ...fileHeaders({ fileName: file.fileName, contentType: ARCHIVE_TYPE }),
    "Content-Length": String(file.bytes),
  });

export function dataManagementRoutes(deps: Deps) {
  const service = createDataManagementService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(listExports, async (c) => c.json({ items: await service.exports() }, 200))
    .openapi(startExport, async (c) => c.json(await service.startExport(actorOf(c)), 202))
    .openapi(getExport, async (c) => c.json(await service.export(c.req.valid("param").id), 200))
    .openapi(downloadExport, async (c) => archive(c, await service.exportFile(c.req.valid("param").id)))
    .openapi(listBackups, async (c) => c.json(await service.backups(), 200))
    .openapi(backupNow, async (c) => c.json(await service.backupNow(actorOf(c)), 201))
    .openapi(downloadBackup, async (c) => archive(c, await service.backupFile(c.req.valid("param").name)))
    .openapi(previewDemo, async (c) => c.json(await service.demo(actorOf(c)), 200))
    .openapi(removeDemo, async (c) => c.json(await service.removeDemo(actorOf(c)), 200))
    .openapi(getSettings, async (c) => c.json(await service.settings(), 200))
    .openapi(putSettings, async (c) =>
      c.json(await service.saveSettings(actorOf(c), c.req.valid("json")), 200),
    );
}
