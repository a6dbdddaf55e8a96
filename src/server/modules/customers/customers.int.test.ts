import {
  CUSTOMER_REQUIRED_MESSAGE,
  IMPORT_FAILED_MESSAGE,
  IMPORT_NO_FILE_MESSAGE,
  IMPORT_NO_VALID_DATA_MESSAGE,
  IMPORT_PARSE_FAILED_MESSAGE,
} from "@shared/customers/customers.schema";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customerContacts, customers, loads } from "../../db/schema";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { createCustomersService } from "./customers.service";

let ctx: TestContext;
let dispatcher: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  manager = await signIn(ctx, "manager@demo.test");
});
afterAll(() => ctx.close());

const countCustomers = async () =>
  Number((await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0].n);

/** A multipart upload of one file, as the import dialog sends it. */
async function preview(
  content: string | Uint8Array<ArrayBuffer> | null,
  name = "customers.csv",
  cookie = dispatcher,
) {
  const form = new FormData();
  if (content !== null) form.set("file", new File([content], name));
  const res = await ctx.app.request("/api/customers/import/preview", {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const commit = (rows: Array<Record<string, string | number>>, cookie = dispatcher) =>
  call(ctx, "/api/customers/import", { body: { rows }, cookie });

const acme = {
  name: "Rita Alvarez",
  companyName: "Acme Cold Chain LLC",
  email: "Rita@AcmeCold.test",
  phone: "+1 312 555 0199",
  address: "800 W Fulton Market, Chicago, IL 60607",
  billingAddress: "PO Box 88, Chicago, IL 60690",
  paymentTermsDays: 45,
  creditLimit: "50000",
  notes: "Prefers email for rate confirmations.",
  contacts: [
    { name: "Rita Alvarez", role: "Logistics", email: "rita@acmecold.test", phone: "+1 312 555 0199" },
    { name: "Sam Ortiz", role: "Accounts payable", email: "", phone: "+1 312 555 0120" },
  ],
};

describe("customers: create, read, edit, delete", () => {
  it("keeps a customer's own detention terms and refuses impossible ones", async () => {
    const body = {
      ...acme,
      email: "",
      companyName: "Terms Test Co",
      detentionFreeMinutes: "90",
      detentionRate: "60.5",
    };
    const res = await call(ctx, "/api/customers", { body, cookie: dispatcher });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ detentionFreeMinutes: 90, detentionRate: "60.50" });
    const bad = await call(ctx, "/api/customers", {
      body: { ...body, companyName: "Bad Terms Co", detentionFreeMinutes: "-5", detentionRate: "abc" },
      cookie: dispatcher,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.details.fields).sort()).toEqual([
      "detentionFreeMinutes",
      "detentionRate",
    ]);
    // Leaves the list as the next tests expect it.
    const removed = await call(ctx, `/api/customers/${res.json.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(removed.status).toBe(200);
  });

  let id: string;

  it("creates a customer with billing, terms, credit limit and contacts", async () => {
    const res = await call(ctx, "/api/customers", { body: acme, cookie: dispatcher });
    expect(res.status).toBe(201);
    id = res.json.id;
    expect(res.json).toMatchObject({
      companyName: "Acme Cold Chain LLC",
      email: "rita@acmecold.test",
      billingAddress: "PO Box 88, Chicago, IL 60690",
      paymentTermsDays: 45,
      creditLimit: "50000.00",
      openBalance: "0.00",
      openBalanceSource: "invoices",
      creditAvailable: "50000.00",
      hasPortalAccount: false,
      portalAccount: null,
      // Detention terms default to two free hours at $75 an hour (decision 034).
      detentionFreeMinutes: 120,
      detentionRate: "75.00",
    });
    expect(res.json.contacts.map((c: { name: string; email: string | null }) => [c.name, c.email])).toEqual([
      ["Rita Alvarez", "rita@acmecold.test"],
      ["Sam Ortiz", null],
    ]);
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.action).toBe("customer.created");
  });

  it('refuses a customer without name or company: "Customer Name and Company Name are required."', async () => {
    for (const body of [
      { ...acme, email: "", name: "" },
      { ...acme, email: "", companyName: "  " },
    ]) {
      const res = await call(ctx, "/api/customers", { body, cookie: dispatcher });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(CUSTOMER_REQUIRED_MESSAGE);
      expect(res.json.error.message).toBe("Customer Name and Company Name are required.");
    }
  });

  it("keeps one customer per email, whatever its case", async () => {
    const res = await call(ctx, "/api/customers", {
      body: { ...acme, email: "RITA@acmecold.TEST" },
      cookie: dispatcher,
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("CUSTOMER_EMAIL_TAKEN");
    expect(res.json.error.details.fields.email).toBeTruthy();
  });

  it("edits the customer and replaces its contacts", async () => {
    const res = await call(ctx, `/api/customers/${id}`, {
      method: "PUT",
      body: {
        ...acme,
        paymentTermsDays: 30,
        creditLimit: "",
        contacts: [{ name: "New Desk", role: "Dispatch" }],
      },
      cookie: manager,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ paymentTermsDays: 30, creditLimit: null, creditAvailable: null });
    expect(res.json.contacts).toHaveLength(1);
    const stored = await ctx.deps.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.customerId, id));
    expect(stored.map((c) => c.name)).toEqual(["New Desk"]);
  });

  it("lists with server-side search, filters, sort and pages", async () => {
    const found = await call(ctx, "/api/customers?q=acmecold&pageSize=10", { cookie: dispatcher });
    expect(found.status).toBe(200);
    expect(found.json.items.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(found.json.total).toBe(1);

    const portal = await call(ctx, "/api/customers?portal=with&pageSize=100", { cookie: dispatcher });
    expect(portal.json.items.map((c: { companyName: string }) => c.companyName).sort()).toEqual([
      "Great Lakes Foods Inc.",
      "Prairie Steel Supply LLC",
    ]);
    expect(portal.json.items.every((c: { hasPortalAccount: boolean }) => c.hasPortalAccount)).toBe(true);
    for (const c of portal.json.items as Array<{ id: string; loadCount: number }>) {
      const own = await ctx.deps.db.select({ id: loads.id }).from(loads).where(eq(loads.customerId, c.id));
      expect(c.loadCount).toBe(own.length);
      expect(c.loadCount).toBeGreaterThan(0);
    }

    const terms = await call(ctx, "/api/customers?paymentTermsDays=45&pageSize=100", { cookie: dispatcher });
    expect(terms.json.items.map((c: { companyName: string }) => c.companyName)).toEqual([
      "Prairie Steel Supply LLC",
    ]);

    const byName = await call(ctx, "/api/customers?sort=companyName&dir=desc&pageSize=10", {
      cookie: dispatcher,
    });
    const names = byName.json.items.map((c: { companyName: string }) => c.companyName);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, "en")));

    const page2 = await call(ctx, "/api/customers?sort=companyName&pageSize=10&page=1", {
      cookie: dispatcher,
    });
    expect(page2.json.total).toBe(await countCustomers());
  });

  it("shows the open balance from issued, unpaid invoices", async () => {
    const owing = await call(ctx, "/api/customers?balance=open&sort=openBalance&dir=desc&pageSize=100", {
      cookie: dispatcher,
    });
    expect(owing.status).toBe(200);
    const { rows } = await ctx.deps.db.execute<{ customer_id: string; balance: string }>(
      sql`select customer_id, sum(total - amount_paid)::numeric(14,2)::text as balance from invoices
          where status not in ('draft', 'void') group by customer_id having sum(total - amount_paid) > 0`,
    );
    expect(owing.json.items).toHaveLength(rows.length);
    for (const item of owing.json.items) {
      expect(rows.find((r) => r.customer_id === item.id)?.balance).toBe(item.openBalance);
    }
  });

  it("shows a customer's load statistics and unbilled work on its page", async () => {
    const [greatLakes] = await ctx.deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, "customer@demo.test"));
    const res = await call(ctx, `/api/customers/${greatLakes.id}`, { cookie: dispatcher });
    expect(res.status).toBe(200);
    const own = await ctx.deps.db.select().from(loads).where(eq(loads.customerId, greatLakes.id));
    expect(res.json.loadCount).toBe(own.length);
    expect(res.json.stats.completedLoads).toBe(own.filter((l) => l.status === "completed").length);
    expect(res.json.stats.activeLoads).toBe(
      own.filter((l) => l.status === "assigned" || l.status === "in_progress").length,
    );
    expect(res.json.stats.pendingRequests).toBe(1);
    expect(res.json.portalAccount).toMatchObject({ email: "customer@demo.test", name: "Tom Becker" });
    expect(res.json.contacts.length).toBeGreaterThan(0);
    const { rows } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from loads l where l.customer_id = ${greatLakes.id} and l.status = 'completed'
          and not exists (select 1 from invoice_loads il where il.load_id = l.id and not il.released)`,
    );
    expect(res.json.stats.unbilledLoads).toBe(rows[0].n);
  });

  it("writes every customer's detail in PostgreSQL byte for byte as Node builds it (issue 42)", async () => {
    // The page's read is JSON text PostgreSQL wrote (`getJson`); writes still answer the Node-built
    // detail (`get`). One customer with a credit limit and text JSON must escape, one without a limit.
    const [first, second] = await ctx.deps.db.select({ id: customers.id }).from(customers).limit(2);
    await ctx.deps.db
      .update(customers)
      .set({ creditLimit: "12500.50", notes: 'Dock "B" \\ gate\r\n\t\u0001 é 🚚 \u2028', phone: null })
      .where(eq(customers.id, first.id));
    await ctx.deps.db.update(customers).set({ creditLimit: null }).where(eq(customers.id, second.id));
    const service = createCustomersService(ctx.deps);
    const all = await ctx.deps.db.select({ id: customers.id, userId: customers.userId }).from(customers);
    expect(all.some((c) => c.userId) && all.some((c) => !c.userId)).toBe(true);
    for (const { id } of all) {
      expect((await service.getJson(id)).text).toBe(JSON.stringify(await service.get(id)));
    }
    const res = await ctx.app.request(`/api/customers/${first.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe(JSON.stringify(await service.get(first.id)));
    const missing = await call(ctx, "/api/customers/00000000-0000-4000-8000-000000000000", {
      cookie: dispatcher,
    });
    expect(missing.status).toBe(404);
  });

  it("gives every customer the counts, last pickup and unbilled work of a plain read of their loads", async () => {
    // The page reads its counts from the monthly rollups and the unbilled work from a partial index
    // (issue 42); each figure must be the one a count and a sum over the customer's loads give.
    const { rows: plain } = await ctx.deps.db.execute<{
      id: string;
      total: number;
      active: number;
      completed: number;
      cancelled: number;
      last_pickup: string | null;
      unbilled_loads: number;
      unbilled_amount: string;
    }>(sql`select c.id,
        count(l.id)::int as total,
        (count(*) filter (where l.status in ('assigned', 'in_progress')))::int as active,
        (count(*) filter (where l.status = 'completed'))::int as completed,
        (count(*) filter (where l.status = 'cancelled'))::int as cancelled,
        to_json(max(l.pickup_at)) #>> '{}' as last_pickup,
        (count(*) filter (where l.status = 'completed' and not exists (
          select 1 from invoice_loads il where il.load_id = l.id and not il.released)))::int as unbilled_loads,
        coalesce(sum(coalesce(l.customer_rate, l.total_rate)) filter (where l.status = 'completed'
          and not exists (select 1 from invoice_loads il where il.load_id = l.id and not il.released)), 0)
          ::numeric(14, 2)::text as unbilled_amount
      from customers c left join loads l on l.customer_id = c.id group by c.id`);
    expect(plain.some((p) => p.total === 0)).toBe(true);
    expect(plain.some((p) => p.unbilled_loads > 0 && p.unbilled_loads < p.completed)).toBe(true);
    for (const p of plain) {
      const res = await call(ctx, `/api/customers/${p.id}`, { cookie: dispatcher });
      expect(res.status).toBe(200);
      expect({ loadCount: res.json.loadCount, ...res.json.stats, pendingRequests: 0 }).toEqual({
        loadCount: p.total,
        activeLoads: p.active,
        completedLoads: p.completed,
        cancelledLoads: p.cancelled,
        lastPickupAt: p.last_pickup ? new Date(p.last_pickup).toISOString() : null,
        pendingRequests: 0,
        unbilledLoads: p.unbilled_loads,
        unbilledAmount: p.unbilled_amount,
      });
    }
  });

  it("deletes only a customer with no history", async () => {
    const [greatLakes] = await ctx.deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, "customer@demo.test"));
    const refused = await call(ctx, `/api/customers/${greatLakes.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(refused.status).toBe(409);
    const ok = await call(ctx, `/api/customers/${id}`, { method: "DELETE", cookie: dispatcher });
    expect(ok.status).toBe(200);
    expect((await call(ctx, `/api/customers/${id}`, { cookie: dispatcher })).status).toBe(404);
  });

  it("is staff-only: accountants, drivers and customers are refused", async () => {
    for (const email of ["accountant@demo.test", "driver@demo.test", "customer@demo.test"]) {
      const cookie = await signIn(ctx, email);
      expect((await call(ctx, "/api/customers", { cookie })).status).toBe(403);
    }
  });
});

describe("customers export", () => {
  const nasty = {
    name: "+SUM(1,2)",
    companyName: '=HYPERLINK("http://evil.test","x")',
    email: "formula@evil.test",
    phone: "-1+1",
    address: "@cmd",
    billingAddress: "\tTabbed",
    notes: "\rcarriage",
  };

  beforeAll(async () => {
    const res = await call(ctx, "/api/customers", { body: nasty, cookie: dispatcher });
    expect(res.status).toBe(201);
    // The form trims; data from elsewhere (an old system, SQL) may still start with a tab or CR.
    await ctx.deps.db
      .update(customers)
      .set({ billingAddress: "\tTabbed", notes: "\rcarriage" })
      .where(eq(customers.id, res.json.id));
  });

  it("escapes spreadsheet formulas in CSV", async () => {
    const res = await ctx.app.request("/api/customers/export?format=csv&q=evil.test", {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = await res.text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain("Company name,Contact name,Email,Phone");
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(row).toContain("'+SUM(1");
    expect(row).toContain("'-1+1");
    expect(row).toContain("'@cmd");
    expect(row).toContain("'\tTabbed");
    expect(csv).toContain(`"'\rcarriage"`);
    expect(row).not.toMatch(/(^|,)=HYPERLINK/);
  });

  it("escapes spreadsheet formulas in Excel, and exports only the filtered set", async () => {
    const res = await ctx.app.request("/api/customers/export?format=xlsx&q=evil.test", {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(row.getCell(2).value).toBe("'+SUM(1,2)");
    expect(row.getCell(4).value).toBe("'-1+1");
    expect(row.getCell(5).value).toBe("'@cmd");
    // No cell is a formula.
    row.eachCell((cell) => expect(cell.formula).toBeUndefined());
  });

  it("round-trips: an exported file imports back, with the escaping undone", async () => {
    const res = await ctx.app.request("/api/customers/export?format=csv&q=evil.test", {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    const back = await preview(new Uint8Array(await res.arrayBuffer()), "export.csv");
    expect(back.status).toBe(200);
    expect(back.json.rows[0].values).toMatchObject({
      companyName: `=HYPERLINK("http://evil.test","x")`,
      name: "+SUM(1,2)",
      phone: "-1+1",
    });
    // It is already on file: reported as existing, not imported twice.
    expect(back.json.rows[0].status).toBe("exists");
  });
});

describe("customer import", () => {
  it('asks for a file: "Please select a file to import."', async () => {
    const res = await preview(null);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(IMPORT_NO_FILE_MESSAGE);
    expect(res.json.error.message).toBe("Please select a file to import.");
  });

  it('refuses what it cannot read: "Failed to parse the file."', async () => {
    for (const [content, name] of [
      ['name,companyName,email\n"Unclosed quote,Acme,a@b.test\n', "broken.csv"],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 3, 4, 5]), "broken.xlsx"],
      [new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x00, 0x42]), "binary.csv"],
    ] as const) {
      const res = await preview(content, name);
      expect(res.status, name).toBe(400);
      expect(res.json.error.code).toBe("PARSE_FAILED");
      expect(res.json.error.message).toBe(IMPORT_PARSE_FAILED_MESSAGE);
      expect(res.json.error.message).toBe("Failed to parse the file.");
    }
  });

  it('needs name, companyName and email columns with valid data: "No valid customer data found"', async () => {
    const noColumns = await preview("company,phone\nAcme,555\n");
    expect(noColumns.status).toBe(400);
    expect(noColumns.json.error.message).toBe(IMPORT_NO_VALID_DATA_MESSAGE);
    expect(noColumns.json.error.message).toBe("No valid customer data found");
    expect(noColumns.json.error.details.missingColumns).toEqual(["name", "email"]);

    const noValidRow = await preview(
      "name,companyName,email\n,Acme,acme@x.test\nBob,,bob@x.test\nAnn,Ann Co,not-an-email\n",
    );
    expect(noValidRow.status).toBe(400);
    expect(noValidRow.json.error.message).toBe("No valid customer data found");
    expect(noValidRow.json.error.details.rows).toHaveLength(3);

    const empty = await commit([]);
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("No valid customer data found");
  });

  it("previews every row: ready, invalid, duplicate in the file, already on file — and writes nothing", async () => {
    const before = await countCustomers();
    const csv = [
      "Company Name;Customer Name;E-mail;Phone;Payment terms;Credit limit;Fax",
      "Badger Dairy Co-op;Lena Fischer;lena@badgerdairy.test;+1 608 555 0101;Net 30;$25,000.00;555",
      "Badger Dairy Co-op;Lena Again;LENA@badgerdairy.test;;;;",
      "No Email Inc;Jo Blank;;;;;",
      "Great Lakes Foods Inc.;Tom Becker;customer@demo.test;;;;",
      "Cheese Haulers;Ole Olson;ole@cheesehaulers.test;;15 days;1000;",
    ].join("\r\n");
    const res = await preview(`\uFEFF${csv}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ totalRows: 5, ready: 2, invalid: 1, duplicates: 2 });
    expect(res.json.columns.ignored).toEqual(["Fax"]);
    expect(res.json.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, "ready"],
      [3, "duplicate_in_file"],
      [4, "invalid"],
      [5, "exists"],
      [6, "ready"],
    ]);
    expect(res.json.rows[2].errors.email).toBe("Email is required.");
    expect(await countCustomers()).toBe(before);
  });

  it("reads Excel workbooks too", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Customers");
    sheet.addRow(["name", "companyName", "email", "paymentTermsDays"]);
    sheet.addRow(["Ivy Chen", "Lotus Imports", "ivy@lotus.test", 60]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const res = await preview(bytes, "customers.xlsx");
    expect(res.status).toBe(200);
    expect(res.json.rows[0]).toMatchObject({
      status: "ready",
      values: {
        name: "Ivy Chen",
        companyName: "Lotus Imports",
        email: "ivy@lotus.test",
        paymentTermsDays: "60",
      },
    });
  });

  it("imports all or nothing: one bad row and not a single customer is written", async () => {
    const before = await countCustomers();
    const res = await commit([
      { row: 2, name: "Alma Reyes", companyName: "Reyes Produce", email: "alma@reyesproduce.test" },
      { row: 3, name: "Ben Ruiz", companyName: "Ruiz Farms", email: "ben@ruizfarms.test" },
      { row: 4, name: "Cara Diaz", companyName: "Diaz Foods", email: "not-an-email" },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("IMPORT_FAILED");
    expect(res.json.error.message).toBe(IMPORT_FAILED_MESSAGE);
    expect(res.json.error.message).toBe("Import failed");
    expect(res.json.error.details.rows).toEqual([
      { row: 4, errors: { email: "Enter a valid email address." } },
    ]);
    expect(await countCustomers()).toBe(before);
  });

  it('rolls back the whole import when a write fails midway: "Import failed", nothing kept', async () => {
    const before = await countCustomers();
    // A database that refuses one particular row, as a constraint or an outage would.
    await ctx.deps.db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.company_name = 'Poison Pill Ltd' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await ctx.deps.db.execute(
      sql`create trigger refuse_poison before insert on customers for each row execute function refuse_poison()`,
    );
    const logged: string[] = [];
    const logError = ctx.deps.log.error;
    ctx.deps.log.error = (message, extra) => logged.push(JSON.stringify([message, extra]));
    try {
      const res = await commit([
        { row: 2, name: "Dee Park", companyName: "Park Logistics", email: "dee@parklogistics.test" },
        { row: 3, name: "Eve Moss", companyName: "Poison Pill Ltd", email: "eve@poison.test" },
      ]);
      expect(res.status).toBe(500);
      expect(res.json.error.message).toBe("Import failed");
      // The failure is logged by its database code, never with the file's personal data.
      expect(logged.join("\n")).toContain("customer import failed");
      expect(logged.join("\n")).not.toMatch(/Dee Park|dee@parklogistics|eve@poison/);
      expect(await countCustomers()).toBe(before);
      const [park] = await ctx.deps.db
        .select()
        .from(customers)
        .where(eq(customers.email, "dee@parklogistics.test"));
      expect(park).toBeUndefined();
    } finally {
      ctx.deps.log.error = logError;
      await ctx.deps.db.execute(sql`drop trigger refuse_poison on customers`);
      await ctx.deps.db.execute(sql`drop function refuse_poison()`);
    }
  });

  it("imports the confirmed rows, reporting duplicates by email instead of doubling them", async () => {
    const before = await countCustomers();
    const res = await commit([
      {
        row: 2,
        name: "Lena Fischer",
        companyName: "Badger Dairy Co-op",
        email: "lena@badgerdairy.test",
        paymentTermsDays: "Net 30",
        creditLimit: "$25,000.00",
      },
      { row: 3, name: "Lena Again", companyName: "Badger Dairy Co-op", email: "LENA@badgerdairy.test" },
      { row: 4, name: "Tom Becker", companyName: "Great Lakes Foods Inc.", email: "customer@demo.test" },
      { row: 5, name: "Ole Olson", companyName: "Cheese Haulers", email: "ole@cheesehaulers.test" },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.imported).toBe(2);
    expect(res.json.skipped).toEqual([
      { row: 3, email: "lena@badgerdairy.test", reason: "duplicate_in_file" },
      { row: 4, email: "customer@demo.test", reason: "exists" },
    ]);
    expect(await countCustomers()).toBe(before + 2);
    const [badger] = await ctx.deps.db
      .select()
      .from(customers)
      .where(eq(customers.email, "lena@badgerdairy.test"));
    expect(badger).toMatchObject({
      paymentTermsDays: 30,
      creditLimit: "25000.00",
      companyName: "Badger Dairy Co-op",
    });

    // Importing the same file again adds nobody.
    const again = await commit([
      { row: 2, name: "Lena Fischer", companyName: "Badger Dairy Co-op", email: "lena@badgerdairy.test" },
    ]);
    expect(again.json).toEqual({
      imported: 0,
      skipped: [{ row: 2, email: "lena@badgerdairy.test", reason: "exists" }],
    });
    expect(await countCustomers()).toBe(before + 2);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customer.imported"))
      .orderBy(sql`${auditLog.createdAt} asc`);
    expect(audit.details).toEqual({ imported: 2, skipped: 2 });
  });
});

describe("a customer on file who registers for the portal", () => {
  it("is linked to the new account on approval, not entered twice", async () => {
    const created = await call(ctx, "/api/customers", {
      body: {
        name: "Olga Berg",
        companyName: "Berg Nurseries",
        email: "olga@bergnurseries.test",
        paymentTermsDays: 15,
      },
      cookie: dispatcher,
    });
    expect(created.status).toBe(201);
    const applied = await call(ctx, "/api/registration", {
      body: {
        name: "Olga Berg",
        companyName: "Berg Nurseries Inc.",
        email: "Olga@BergNurseries.test",
        phone: "+1 608 555 0177",
        password: "Nursery2026!",
        confirmPassword: "Nursery2026!",
      },
    });
    expect(applied.status).toBe(201);
    const admin = await signIn(ctx, "admin@demo.test");
    const reviews = await call(ctx, "/api/admin/account-reviews?q=bergnurseries", { cookie: admin });
    const approved = await call(ctx, `/api/admin/account-reviews/${reviews.json.items[0].id}/approve`, {
      method: "POST",
      cookie: admin,
    });
    expect(approved.status).toBe(200);

    const rows = await ctx.deps.db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = 'olga@bergnurseries.test'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(created.json.id);
    expect(rows[0].userId).not.toBeNull();
    expect(rows[0].paymentTermsDays).toBe(15);
    const portal = await call(ctx, "/api/portal/summary", {
      cookie: await signIn(ctx, "olga@bergnurseries.test", "Nursery2026!"),
    });
    expect(portal.json.companyName).toBe("Berg Nurseries");
  });
});
