import { pageQuerySchema, pageSchema } from "@shared/api/api.schema";
import { z } from "zod";

/**
 * Virtual meetings (`/meetings`, spec section 3's Meeting: topic, time, participants by email).
 * `zoom`: a Zoom-type service whose credentials stay in the browser and whose scheduling is
 * simulated (spec section 1); `room`: an unguessable room on a Jitsi-compatible server (a setting);
 * `link`: any pasted https link.
 */
export const MEETING_PROVIDERS = ["room", "link", "zoom"] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];
export const MEETING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const REMINDER_MINUTES = [0, 10, 15, 30, 60] as const;

export const MEETING_MESSAGES = {
  topicRequired: "Enter a topic.",
  startsAt: "Choose the date and time.",
  past: "This time has passed. Choose a later time.",
  participantsRequired: "Add at least one participant's email.",
  participantInvalid: "Enter valid email addresses.",
  linkInvalid: "Paste a meeting link that starts with https://.",
  notScheduled: "This meeting was already cancelled.",
} as const;
const M = MEETING_MESSAGES;

export const meetingInputSchema = z
  .object({
    topic: z.string().trim().min(1, { message: M.topicRequired }).max(200),
    startsAt: z.iso.datetime({ offset: true, message: M.startsAt }),
    durationMinutes: z.coerce.number().int().min(5).max(480).default(30),
    provider: z.enum(MEETING_PROVIDERS),
    /** The pasted link (`link`), or the simulated Zoom-type link the browser made (`zoom`). */
    joinUrl: z.string().trim().max(500).optional(),
    participants: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.email({ message: M.participantInvalid })),
      )
      .min(1, { message: M.participantsRequired })
      .max(100),
    reminderMinutes: z.coerce.number().int().min(0).max(1440).default(15),
    agenda: z.string().trim().max(2000).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.provider !== "room" && !/^https:\/\/\S+$/.test(v.joinUrl ?? ""))
      ctx.addIssue({ code: "custom", path: ["joinUrl"], message: M.linkInvalid });
  });
export type MeetingInput = z.input<typeof meetingInputSchema>;

export const meetingSchema = z.object({
  id: z.uuid(),
  topic: z.string(),
  agenda: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  provider: z.enum(MEETING_PROVIDERS),
  joinUrl: z.string(),
  participants: z.array(z.string()),
  reminderMinutes: z.number().int(),
  status: z.enum(["scheduled", "cancelled"]),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;
export const meetingPageSchema = pageSchema(meetingSchema);
export type MeetingPage = z.infer<typeof meetingPageSchema>;

export const meetingQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  when: z.enum(["upcoming", "past"]).default("upcoming"),
});
export type MeetingQuery = z.infer<typeof meetingQuerySchema>;
