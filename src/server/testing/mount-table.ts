import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";
import { handleError, validationError } from "../http/errors";

/**
 * A route table's app mounted the way `app.ts` mounts a module — a failed validation is our 400, an
 * error answers in the API's shape — for a caller who is signed out: the route table's own tests.
 */
export function mountTable(table: { app: OpenAPIHono<AppEnv> }) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  app.onError(handleError({ error: () => {}, warn: () => {}, info: () => {} } as never));
  app.use(async (c, next) => {
    c.set("actor", null);
    await next();
  });
  app.route("/", table.app);
  return app;
}
