import { z } from "zod";
import { ROLES } from "../access";

export const PERMISSIONS_MESSAGES = {
  unknown: "There is no such permission.",
  locked: "This permission cannot be changed for this role.",
} as const;

const overrideSchema = z.object({
  role: z.enum(ROLES),
  permission: z.string().min(1).max(80),
  /** Whether the role holds the permission after the change. */
  granted: z.boolean(),
});

/** The stored changes from the access table's defaults (none: the defaults). */
export const permissionMatrixSchema = z.object({
  overrides: z.array(overrideSchema),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

/** Cells to set: each says whether the role holds the permission afterwards. */
export const permissionChangesSchema = z.object({ changes: z.array(overrideSchema).min(1).max(1000) });
export type PermissionChanges = z.input<typeof permissionChangesSchema>;
