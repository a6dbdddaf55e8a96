import { apiErrorSchema, okSchema, pageSchema } from "@shared/api/api.schema";
import {
  accountReviewListQuerySchema,
  accountReviewSchema,
  registrationSchema,
  rejectReviewSchema,
} from "@shared/registration/registration.schema";
import type { Deps } from "../../deps";
import { jsonContent, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createRegistrationService } from "./registration.service";

export function registrationRoutes(deps: Deps) {
  const service = createRegistrationService(deps);
  const t = routeTable({ tags: ["Registration"], access: "accountReviews:manage" });
  t.create(
    "/api/registration",
    {
      summary:
        "Submit a customer registration request for review; the spec's user_exists check is part of it, with no " +
        "endpoint of its own (409 ACCOUNT_EXISTS for a known email; 409 REGISTRATION_PENDING when a request for " +
        "the email is already pending — it is left unchanged; 429 past 10 an hour per address or 5 per email)",
      access: "public",
      body: registrationSchema,
      response: okSchema,
      described: "Stored, pending review",
      responses: {
        409: jsonContent(apiErrorSchema, "ACCOUNT_EXISTS or REGISTRATION_PENDING"),
        429: jsonContent(apiErrorSchema, "RATE_LIMITED, with Retry-After"),
      },
    },
    async ({ c, body }) => {
      await service.submit(body, c.get("ip"));
      return { ok: true as const };
    },
  );
  t.list(
    "/api/admin/account-reviews",
    {
      summary: "Registration requests, newest first",
      query: accountReviewListQuerySchema,
      response: pageSchema(accountReviewSchema),
    },
    ({ query: { page, pageSize, ...filter } }) => service.list(filter, { page, pageSize }),
  );
  t.json(
    "post",
    "/api/admin/account-reviews/{id}/approve",
    {
      summary: "Approve: creates the customer account and emails the applicant",
      conflict: "ALREADY_REVIEWED: the request was reviewed already",
      params: uuidParams,
      response: accountReviewSchema,
    },
    ({ actor, id }) => service.approve(actor, id),
  );
  t.json(
    "post",
    "/api/admin/account-reviews/{id}/reject",
    {
      summary: "Reject with a reason; emails the applicant",
      conflict: "ALREADY_REVIEWED: the request was reviewed already",
      params: uuidParams,
      body: rejectReviewSchema,
      response: accountReviewSchema,
    },
    ({ actor, id, body }) => service.reject(actor, id, body.reason),
  );
  return t.app;
}
