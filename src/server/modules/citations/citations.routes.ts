import { z } from "@hono/zod-openapi";
import {
  CITATION_FILE_MAX_BYTES,
  changeCitationStatusSchema,
  citationDetailSchema,
  citationExportQuerySchema,
  citationInputSchema,
  citationListQuerySchema,
  citationPageSchema,
  citationSummarySchema,
  disputeCitationSchema,
} from "@shared/citations/citations.schema";
import type { Deps } from "../../deps";
import { fileField } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { exportCitations } from "./citation-export";
import { createCitationsService } from "./citations.service";

const WRITE = "citations:write";

export function citationsRoutes(deps: Deps) {
  const service = createCitationsService(deps);
  const t = routeTable({ tags: ["Citations"], access: "citations:read" });
  // Fixed paths before /api/citations/{id}.
  t.export(
    "/api/citations/export",
    {
      summary:
        "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE). Drivers: their own",
      query: citationExportQuerySchema,
    },
    ({ actor, query }) => exportCitations(deps, actor, query),
  );
  t.list(
    "/api/citations/summary",
    {
      summary: "Open, overdue and disputed counts and unpaid fines (a driver: their own)",
      response: citationSummarySchema,
    },
    ({ actor }) => service.summary(actor),
  );
  t.list(
    "/api/citations",
    {
      summary:
        "Citations: search (number, violation, place, driver), filters (driver, status, overdue, period), sort, pages. Drivers get only their own",
      query: citationListQuerySchema,
      response: citationPageSchema,
    },
    ({ actor, query }) => service.list(actor, query),
  );
  t.create(
    "/api/citations",
    {
      summary: "Record a citation against a driver (starts open; the driver is notified)",
      access: WRITE,
      body: citationInputSchema,
      response: citationDetailSchema,
    },
    ({ actor, body }) => service.create(actor, body),
  );
  t.get(
    "/api/citations/{id}",
    {
      summary: "A citation with its status history and file (drivers: their own only, else 404)",
      response: citationDetailSchema,
    },
    ({ actor, id }) => service.get(actor, id),
  );
  t.update(
    "/api/citations/{id}",
    {
      summary: "Correct a citation's details (not its status)",
      access: WRITE,
      body: citationInputSchema,
      response: citationDetailSchema,
    },
    ({ actor, id, body }) => service.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/citations/{id}/status",
    {
      summary:
        "Staff change the status: open → paid, disputed (a reason in `note`) or dismissed; disputed → open, paid or dismissed; paid or dismissed → open (409 INVALID_TRANSITION otherwise)",
      access: WRITE,
      params: uuidParams,
      body: changeCitationStatusSchema,
      response: citationDetailSchema,
    },
    ({ actor, id, body }) => service.changeStatus(actor, id, body.status, body.note),
  );
  t.json(
    "post",
    "/api/citations/{id}/dispute",
    {
      summary:
        "A driver disputes their own open citation with a reason (another's: 404; not open: 409 CITATION_NOT_OPEN); staff are notified",
      access: "citations:dispute",
      params: uuidParams,
      body: disputeCitationSchema,
      response: citationDetailSchema,
    },
    ({ actor, id, body }) => service.dispute(actor, id, body.reason),
  );
  t.upload(
    "/api/citations/{id}/file",
    {
      summary: "Attach the ticket, a PDF or photo (checked by content; 413/415); replaces an earlier file",
      access: WRITE,
      params: uuidParams,
      form: z.object({ file: fileField }),
      response: citationDetailSchema,
      status: 200,
      described: "Stored",
      maxBytes: CITATION_FILE_MAX_BYTES,
    },
    ({ actor, id, form }) => service.uploadFile(actor, id, form.file),
  );
  t.download(
    "/api/citations/{id}/file",
    {
      summary: "The citation's file, as an attachment (drivers: their own citations only, else 404)",
      types: ["application/pdf", "image/*"],
    },
    ({ actor, id }) => service.downloadFile(actor, id),
  );
  t.json(
    "delete",
    "/api/citations/{id}/file",
    {
      summary: "Remove the citation's file",
      access: WRITE,
      params: uuidParams,
      response: citationDetailSchema,
    },
    ({ actor, id }) => service.deleteFile(actor, id),
  );
  return t.app;
}
