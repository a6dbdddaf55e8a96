import { z } from "zod";
import {
  CHECKLIST_ITEMS,
  INSPECTION_ASSET_TYPES,
  INSPECTION_STATUSES,
  INSPECTION_TYPES,
} from "../inspections/inspections.schema";

/**
 * What opened an item from an inspection, stored as data and rendered in the reader's language
 * ("Opened by the pre-trip inspection of Truck 101 on …", decision 017). The defects are the
 * inspector's own words per checklist item; `notes` stays for what people add to the item.
 */
export const inspectionOriginSchema = z.object({
  inspectionType: z.enum(INSPECTION_TYPES),
  assetType: z.enum(INSPECTION_ASSET_TYPES),
  /** Unit number or trailer identifier, as it was when inspected. */
  assetLabel: z.string(),
  /** The day of the inspection where it was made (YYYY-MM-DD). */
  inspectedOn: z.string(),
  inspectorName: z.string(),
  overallStatus: z.enum(INSPECTION_STATUSES),
  defects: z.array(z.object({ item: z.enum(CHECKLIST_ITEMS), note: z.string() })),
  comments: z.string(),
});
export type InspectionOrigin = z.infer<typeof inspectionOriginSchema>;
