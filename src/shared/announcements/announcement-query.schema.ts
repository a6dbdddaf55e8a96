import { pageQuerySchema } from "@shared/api/api.schema";
import { z } from "zod";
import { ANNOUNCEMENT_STATUSES } from "./announcements.schema";

/** `/api/announcements`: search the title and text, by status, newest delivery time first. */
export const announcementQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
  sort: z.enum(["deliverAt", "createdAt"]).default("deliverAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type AnnouncementQuery = z.infer<typeof announcementQuerySchema>;
