import { z } from "zod";

/** Every error the API answers: `{ error: { code, message, details } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PASSWORD_CHANGE_REQUIRED",
  "INTERNAL",
] as const;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** What a create answers when the caller only needs the new row's id. */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;

/** A picker's or a small lookup's answer: the matching rows, without paging. */
export function itemsSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}
export interface Items<T> {
  items: T[];
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Offset pagination shared by every list (`?page=1&pageSize=25`). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: "Unsupported page size" })
    .default(25),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const sortDirSchema = z.enum(["asc", "desc"]);

/** The most rows one list export (CSV or Excel) holds; a list with heavier rows may set a lower cap. */
export const EXPORT_MAX_ROWS = 50_000;
