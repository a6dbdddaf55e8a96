import type { LogEntry } from "@shared/communications/communications.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { startSmtpSink } from "../../testing/smtp-sink";
import { sendQueuedEmails } from "./communications.service";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: TestContext;
let dispatcher: string;
let safety: string;
let withEmail: { id: string; email: string };
let withoutEmail: { id: string; name: string };
let customerId: string;

beforeAll(async () => {
  smtp = await startSmtpSink({ reject: ["gone@harbor.test"] });
  ctx = await createTestContext({ smtpUrl: smtp.url });
  [dispatcher, safety] = await Promise.all([
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "safety@demo.test"),
  ]);
  const db = ctx.deps.db;
  const { rows: drivers } = await db.execute<{ id: string; full_name: string }>(
    sql`select id, full_name from drivers where active order by full_name limit 2`,
  );
  await db.execute(sql`update drivers set email = 'first.driver@fleet.test' where id = ${drivers[0].id}`);
  await db.execute(sql`update drivers set email = null where id = ${drivers[1].id}`);
  withEmail = { id: drivers[0].id, email: "first.driver@fleet.test" };
  withoutEmail = { id: drivers[1].id, name: drivers[1].full_name };
  const { rows: customers } = await db.execute<{ id: string }>(
    sql`select id from customers order by company_name limit 1`,
  );
  customerId = customers[0].id;
  await db.execute(sql`delete from customer_contacts where customer_id = ${customerId}`);
  await db.execute(sql`update customers set email = 'orders@harbor.test' where id = ${customerId}`);
  await db.execute(sql`insert into customer_contacts (customer_id, sequence, name, email)
    values (${customerId}, 1, 'Old Buyer', 'gone@harbor.test'), (${customerId}, 2, 'Night Desk', null)`);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const audience = {
  drivers: "chosen",
  driverIds: [] as string[],
  customers: "chosen",
  customerIds: [] as string[],
  staffRoles: ["safety"],
};
const log = async (communicationId: string) =>
  (
    await call(ctx, `/api/communications/log?page=1&pageSize=100&communicationId=${communicationId}`, {
      cookie: dispatcher,
    })
  ).json.items as LogEntry[];

describe("mass email", () => {
  it("refuses an empty subject or body with the spec's words and names who has no email", async () => {
    const a = { ...audience, driverIds: [withEmail.id, withoutEmail.id], customerIds: [customerId] };
    const empty = await call(ctx, "/api/communications/email", {
      method: "POST",
      cookie: dispatcher,
      body: { subject: "  ", body: "", audience: a },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.fields).toMatchObject({
      subject: "Subject cannot be empty.",
      body: "Body cannot be empty.",
    });
    const nobody = await call(ctx, "/api/communications/email", {
      method: "POST",
      cookie: dispatcher,
      body: { subject: "x", body: "y", audience: { drivers: "none", customers: "none", staffRoles: [] } },
    });
    expect(nobody.json.error.details.fields.audience).toBe("Choose who receives it.");

    const preview = await call(ctx, "/api/communications/email/preview", {
      method: "POST",
      cookie: dispatcher,
      body: a,
    });
    expect(preview.status).toBe(200);
    expect(preview.json.missing).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "driver", name: withoutEmail.name }),
        expect.objectContaining({ kind: "contact", name: "Night Desk" }),
      ]),
    );
  });

  it("sends through SMTP with the signature and attachment, logs each recipient: sent, bounced, no email; customers get the postal address and a one-click unsubscribe", async () => {
    await call(ctx, "/api/me/signature", {
      method: "PUT",
      cookie: dispatcher,
      body: { signature: "Dan Carter\nDispatch · Lakeshore Freight" },
    });
    const form = new FormData();
    form.set("file", new File([PDF], "winter-routes.pdf", { type: "application/pdf" }));
    const up = await ctx.app.request("/api/communications/attachments", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
      body: form,
    });
    expect(up.status).toBe(201);
    const attachment = await up.json();

    const sent = await call(ctx, "/api/communications/email", {
      method: "POST",
      cookie: dispatcher,
      body: {
        subject: "Winter routes",
        body: "Please read the attached winter routing plan.",
        audience: { ...audience, driverIds: [withEmail.id, withoutEmail.id], customerIds: [customerId] },
        attachmentIds: [attachment.id],
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.json.body).toContain("-- \nDan Carter\nDispatch · Lakeshore Freight");
    await sendQueuedEmails(ctx.deps);

    const driverMail = await smtp.waitFor(withEmail.email);
    expect(driverMail.raw).toContain("Subject: Winter routes");
    expect(driverMail.raw).toContain("Dan Carter");
    expect(driverMail.raw).toContain("winter-routes.pdf");
    expect(driverMail.raw).not.toContain("List-Unsubscribe");
    const received = await smtp.waitFor("orders@harbor.test");
    // Long headers arrive folded onto the next line, long body lines with quoted-printable soft breaks.
    const customerMail = { raw: received.raw.replace(/\r\n[ \t]+/g, " ").replace(/=\r\n/g, "") };
    expect(customerMail.raw).toMatch(
      /List-Unsubscribe: <http:\/\/localhost:3000\/api\/public\/unsubscribe\/[\w-]+>/,
    );
    expect(customerMail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(customerMail.raw).toContain("2750 S Archer Ave");

    const entries = await log(sent.json.id);
    const statusOf = (name: string) => entries.find((e) => e.recipientName === name)?.status;
    expect(entries.find((e) => e.address === withEmail.email)?.status).toBe("sent");
    expect(statusOf(withoutEmail.name)).toBe("no_address");
    expect(statusOf("Night Desk")).toBe("no_address");
    expect(statusOf("Old Buyer")).toBe("bounced");
    expect(entries.find((e) => e.address === "safety@demo.test")?.status).toBe("sent");
    const one = await call(ctx, `/api/communications/${sent.json.id}`, { cookie: dispatcher });
    expect(one.json.status).toBe("sent");
    expect(one.json.counts).toMatchObject({ sent: 3, bounced: 1, no_address: 2 });

    // One click (RFC 8058) unsubscribes the customer: the next bulk mail skips them.
    const link = /List-Unsubscribe: <http:\/\/localhost:3000(\/api\/public\/unsubscribe\/[\w-]+)>/.exec(
      customerMail.raw,
    )?.[1];
    const page = await ctx.app.request(link ?? "", { method: "GET" });
    expect(await page.text()).toContain('<form method="post">');
    const click = await ctx.app.request(link ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await click.text()).toContain("orders@harbor.test will not receive bulk emails");
    const again = await call(ctx, "/api/communications/email", {
      method: "POST",
      cookie: dispatcher,
      body: {
        subject: "Holiday hours",
        body: "Closed on the 25th.",
        audience: { customers: "chosen", customerIds: [customerId] },
      },
    });
    await sendQueuedEmails(ctx.deps);
    expect((await log(again.json.id)).find((e) => e.address === "orders@harbor.test")?.status).toBe(
      "unsubscribed",
    );
  });

  it("schedules for later, can cancel, and the log finds it by status and recipient", async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await call(ctx, "/api/communications/email", {
      method: "POST",
      cookie: dispatcher,
      body: {
        subject: "Tomorrow's yard work",
        body: "Park on the east side.",
        audience: { drivers: "chosen", driverIds: [withEmail.id] },
        scheduledAt: later,
      },
    });
    expect(scheduled.json.status).toBe("scheduled");
    expect(await sendQueuedEmails(ctx.deps)).toBe(0);
    const found = await call(
      ctx,
      `/api/communications/log?page=1&pageSize=25&status=scheduled&q=${encodeURIComponent(withEmail.email)}`,
      {
        cookie: dispatcher,
      },
    );
    expect(found.json.items.map((e: LogEntry) => e.subject)).toContain("Tomorrow's yard work");
    const cancelled = await call(ctx, `/api/communications/${scheduled.json.id}/cancel`, {
      method: "POST",
      cookie: dispatcher,
    });
    expect(cancelled.json.status).toBe("cancelled");
    expect(await sendQueuedEmails(ctx.deps, new Date(Date.now() + 2 * 3600_000))).toBe(0);
    expect((await log(scheduled.json.id))[0].status).toBe("cancelled");
    // Safety is not on the communications route.
    expect((await call(ctx, "/api/communications/log?page=1&pageSize=25", { cookie: safety })).status).toBe(
      403,
    );
  });
});
