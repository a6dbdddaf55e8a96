import { z } from "zod";
import { pageQuerySchema } from "../api/api.schema";
import { emailSchema, passwordSchema } from "../auth/auth.schema";

export const ACCOUNT_REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type AccountReviewStatus = (typeof ACCOUNT_REVIEW_STATUSES)[number];

const required = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required.` });

/** Customer registration: the whole payload lands in account_reviews (the password only as a hash). */
export const registrationSchema = z
  .object({
    name: required("Contact name").max(120),
    companyName: required("Company name").max(160),
    email: emailSchema,
    phone: required("Phone").max(40),
    address: z.string().trim().max(300).optional().default(""),
    message: z.string().trim().max(1000).optional().default(""),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match.",
  });
export type RegistrationInput = z.input<typeof registrationSchema>;

export const accountReviewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  phone: z.string(),
  address: z.string(),
  message: z.string(),
  status: z.enum(ACCOUNT_REVIEW_STATUSES),
  reviewedBy: z.string().nullable(),
  reviewerEmail: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccountReview = z.infer<typeof accountReviewSchema>;

export const accountReviewFilterSchema = z.object({
  status: z.enum(ACCOUNT_REVIEW_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});
export const accountReviewListQuerySchema = pageQuerySchema.extend(accountReviewFilterSchema.shape);

export const rejectReviewSchema = z.object({
  reason: z.string().trim().min(1, { message: "A reason is required." }).max(500),
});
