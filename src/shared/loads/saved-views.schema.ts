import { z } from "zod";

// ---- Saved views of the loads list (per user)

/** The list's query string a view restores (filters and sort; never the page). */
export const savedViewInputSchema = z.object({
  name: z.string().trim().min(1, { message: "Name the view." }).max(60),
  query: z.string().trim().max(1000),
});
export type SavedViewInput = z.input<typeof savedViewInputSchema>;
export const savedViewSchema = z.object({ id: z.string(), name: z.string(), query: z.string() });
export type SavedView = z.infer<typeof savedViewSchema>;
export const SAVED_VIEWS_MAX = 20;
