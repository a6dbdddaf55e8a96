import { z } from "zod";

/**
 * What a screen with a map draws under the trucks (decision 053): the tile style URL set in Settings →
 * Maps & tracking, or null for the state/province outlines shipped with the app.
 */
export const mapBaseSchema = z.object({ tileStyleUrl: z.string().nullable() });
export type MapBase = z.infer<typeof mapBaseSchema>;
