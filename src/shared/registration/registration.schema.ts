import { z } from "zod";
import { emailSchema, passwordSchema } from "../auth/auth.schema";
import { isPhoneNumber, PHONE_MESSAGE } from "../auth/phone";
import { ACCOUNT_REVIEW_STATUSES } from "./account-review.schema";

export {
  ACCOUNT_REVIEW_STATUSES,
  type AccountReviewStatus,
  accountReviewFilterSchema,
  accountReviewListQuerySchema,
} from "./account-review.schema";

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
    phone: z
      .string()
      .trim()
      .min(1, { message: "Phone is required." })
      .max(40, { message: PHONE_MESSAGE })
      .refine(isPhoneNumber, { message: PHONE_MESSAGE }),
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

export const rejectReviewSchema = z.object({
  reason: z.string().trim().min(1, { message: "A reason is required." }).max(500),
});
