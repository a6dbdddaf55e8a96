import { customerIdOf } from "../../testing/fixtures";
import { createTestContext, signIn, type TestContext } from "../../testing/harness";

/** Test helpers shared by the portal's integration tests. */

/** A test app with dispatch and the two demo customers (Great Lakes, Prairie) signed in, and their ids. */
export async function portalActors(): Promise<{
  ctx: TestContext;
  dispatcher: string;
  greatLakes: string;
  prairie: string;
  greatLakesId: string;
  prairieId: string;
}> {
  const ctx = await createTestContext();
  return {
    ctx,
    dispatcher: await signIn(ctx, "dispatcher@demo.test"),
    greatLakes: await signIn(ctx, "customer@demo.test"),
    prairie: await signIn(ctx, "customer2@demo.test"),
    greatLakesId: await customerIdOf(ctx, "customer@demo.test"),
    prairieId: await customerIdOf(ctx, "customer2@demo.test"),
  };
}
