import { defaultPermissions } from "@shared/access";
/**
 * What the service benchmarks share: every statement a `pg` client runs, timed (where a run's time
 * goes), and the demo accountant as the actor.
 */
import pg from "pg";
import type { Actor } from "../src/server/http/context";

export type Statement = { text: string; ms: number };

let recording: Statement[] | null = null;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const start = performance.now();
  const cfg = args[0] as string | { text: string };
  const text = typeof cfg === "string" ? cfg : cfg.text;
  const list = recording;
  // The pool's own queries (outside a transaction) answer through a callback; a client's, a promise.
  const last = args.length - 1;
  if (list && typeof args[last] === "function") {
    const done = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => {
      list.push({ text, ms: performance.now() - start });
      done(...a);
    };
  }
  const result = clientQuery.apply(this, args);
  if (list && result && typeof (result as Promise<unknown>).then === "function") {
    const record = () => list.push({ text, ms: performance.now() - start });
    (result as Promise<unknown>).then(record, record);
  }
  return result;
};

/** Runs `work`, returning its result, its time and the statements it ran. */
export async function measured<T>(work: () => Promise<T>) {
  const statements: Statement[] = [];
  recording = statements;
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, statements };
  } finally {
    recording = null;
  }
}

/** The demo accountant, who runs pay and tax forms. */
export async function demoAccountant(pool: pg.Pool): Promise<Actor> {
  const { rows } = await pool.query<{ id: string; email: string; name: string }>(
    `select id, email, name from users where email = 'accountant@demo.test'`,
  );
  if (!rows.length) throw new Error("No demo accountant: run npm run db:seed first");
  return {
    userId: rows[0].id,
    email: rows[0].email,
    name: rows[0].name,
    role: "accountant",
    permissions: defaultPermissions("accountant"),
    mustChangePassword: false,
    mustEnrolTwoFactor: false,
    sessionId: "bench",
    sessionExpiresAt: new Date(),
    impersonator: null,
    ip: null,
    driverId: null,
    customerId: null,
  };
}
