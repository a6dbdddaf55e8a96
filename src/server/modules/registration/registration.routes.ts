import { OpenAPIHono } from "@hono/zod-openapi";
import { apiErrorSchema, okSchema, pageSchema } from "@shared/api/api.schema";
import {
  accountReviewListQuerySchema,
  accountReviewSchema,
  registrationSchema,
  rejectReviewSchema,
} from "@shared/registration/registration.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createRegistrationService } from "./registration.service";

const submit = defineRoute({
  method: "post",
  path: "/api/registration",
  tags: ["Registration"],
  summary:
    "Submit a customer registration request for review; the spec's user_exists check is part of it, with no " +
    "endpoint of its own (409 ACCOUNT_EXISTS for a known email; 409 REGISTRATION_PENDING when a request for " +
    "the email is already pending — it is left unchanged; 429 past 10 an hour per address or 5 per email)",
  access: "public",
  request: { body: jsonBody(registrationSchema) },
  responses: {
    201: jsonContent(okSchema, "Stored, pending review"),
    409: jsonContent(apiErrorSchema, "ACCOUNT_EXISTS or REGISTRATION_PENDING"),
    429: jsonContent(apiErrorSchema, "RATE_LIMITED, with Retry-After"),
  },
});

const list = defineRoute({
  method: "get",
  path: "/api/admin/account-reviews",
  tags: ["Registration"],
  summary: "Registration requests, newest first",
  access: "accountReviews:manage",
  request: { query: accountReviewListQuerySchema },
  responses: { 200: jsonContent(pageSchema(accountReviewSchema)) },
});

const approve = defineRoute({
  method: "post",
  path: "/api/admin/account-reviews/{id}/approve",
  tags: ["Registration"],
  summary: "Approve: creates the customer account and emails the applicant",
  access: "accountReviews:manage",
  conflict: "ALREADY_REVIEWED: the request was reviewed already",
  request: { params: uuidParams },
  responses: { 200: jsonContent(accountReviewSchema) },
});

const reject = defineRoute({
  method: "post",
  path: "/api/admin/account-reviews/{id}/reject",
  tags: ["Registration"],
  summary: "Reject with a reason; emails the applicant",
  access: "accountReviews:manage",
  conflict: "ALREADY_REVIEWED: the request was reviewed already",
  request: { params: uuidParams, body: jsonBody(rejectReviewSchema) },
  responses: { 200: jsonContent(accountReviewSchema) },
});

export function registrationRoutes(deps: Deps) {
  const service = createRegistrationService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(submit, async (c) => {
      await service.submit(c.req.valid("json"), c.get("ip"));
      return c.json({ ok: true as const }, 201);
    })
    .openapi(list, async (c) => {
      const { page, pageSize, ...filter } = c.req.valid("query");
      return c.json(await service.list(filter, { page, pageSize }), 200);
    })
    .openapi(approve, async (c) => c.json(await service.approve(actorOf(c), c.req.valid("param").id), 200))
    .openapi(reject, async (c) =>
      c.json(await service.reject(actorOf(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
    );
}
