import { STAFF_ROLES } from "@shared/access";
import { pageQuerySchema, pageSchema } from "@shared/api/api.schema";
import { z } from "zod";

/**
 * Custom notifications (`/notifications/custom`, spec section 3's Notification: title, optional
 * description, date, time, visibility to drivers, read flag): an announcement composed by admin or
 * manager, delivered at its time by the job queue into each recipient's notifications.
 */
export const ANNOUNCEMENT_STATUSES = ["scheduled", "delivered", "cancelled"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
/** Who among the staff receives it; drivers are added by "visible to drivers". */
export const ANNOUNCEMENT_AUDIENCES = ["staff", "roles", "people", "none"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_DESCRIPTION_MAX = 2000;
/** A delivery time this far in the past is a mistake, not "now". */
export const ANNOUNCEMENT_PAST_GRACE_MS = 5 * 60_000;

/** The words the API answers with (the screens show them in the reader's language). */
export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: "Enter a title.",
  titleTooLong: `A title is at most ${ANNOUNCEMENT_TITLE_MAX} characters.`,
  descriptionTooLong: `A description is at most ${ANNOUNCEMENT_DESCRIPTION_MAX} characters.`,
  deliverAt: "Choose the date and time to deliver it.",
  past: "This time has passed. Choose a later time, or now.",
  rolesRequired: "Choose at least one role.",
  peopleRequired: "Choose at least one person.",
  unknownPeople: "Choose people from the list.",
  audienceRequired: "Choose who receives it.",
  notScheduled: "This announcement was already delivered or cancelled.",
} as const;
const M = ANNOUNCEMENT_MESSAGES;

export const announcementInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: M.titleRequired })
      .max(ANNOUNCEMENT_TITLE_MAX, { message: M.titleTooLong }),
    description: z
      .string()
      .trim()
      .max(ANNOUNCEMENT_DESCRIPTION_MAX, { message: M.descriptionTooLong })
      .default(""),
    /** When to deliver (an instant; the form sends the date and time the user chose, in their zone). */
    deliverAt: z.iso.datetime({ offset: true, message: M.deliverAt }),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    roles: z.array(z.enum(STAFF_ROLES)).max(10).default([]),
    people: z.array(z.string().min(1).max(64)).max(500).default([]),
    visibleToDrivers: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.audience === "roles" && !v.roles.length)
      ctx.addIssue({ code: "custom", path: ["roles"], message: M.rolesRequired });
    if (v.audience === "people" && !v.people.length)
      ctx.addIssue({ code: "custom", path: ["people"], message: M.peopleRequired });
    if (v.audience === "none" && !v.visibleToDrivers)
      ctx.addIssue({ code: "custom", path: ["audience"], message: M.audienceRequired });
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export const announcementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  deliverAt: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  roles: z.array(z.string()),
  people: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
  visibleToDrivers: z.boolean(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  createdByName: z.string(),
  deliveredAt: z.string().nullable(),
  /** Once delivered: how many received it and how many have read it. */
  recipients: z.number().int(),
  read: z.number().int(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPageSchema = pageSchema(announcementSchema);
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;

export const announcementRecipientSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.string(),
  readAt: z.string().nullable(),
});
export type AnnouncementRecipient = z.infer<typeof announcementRecipientSchema>;
export const announcementRecipientPageSchema = pageSchema(announcementRecipientSchema);
export type AnnouncementRecipientPage = z.infer<typeof announcementRecipientPageSchema>;

export const recipientQuerySchema = pageQuerySchema.extend({
  read: z.enum(["read", "unread"]).optional(),
});

/** Someone who can be chosen as a recipient (active staff and drivers). */
export const personSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type Person = z.infer<typeof personSchema>;
export const peopleQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const peopleSchema = z.object({ items: z.array(personSchema) });
export type People = z.infer<typeof peopleSchema>;
