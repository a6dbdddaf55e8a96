import { z } from "zod";

/** What the command palette (and later the assistant) finds by name: records the caller may open. */
export const SEARCH_KINDS = ["load", "driver", "customer", "vehicle", "trailer", "document"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** At most this many of each kind. */
export const SEARCH_PER_KIND = 5;

export const searchQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** The load number, the driver's or customer's name, the unit number. */
  label: z.string(),
  /** A second line: a load's route, a customer's contact, a unit's make and model. */
  detail: z.string(),
  /** The record's own page, for the caller's role. */
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchAnswerSchema = z.object({ items: z.array(searchResultSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
