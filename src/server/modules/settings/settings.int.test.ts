import type { CompanySettings, Profile } from "@shared/settings/settings.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngDeclaring } from "../../platform/pdf/pdf.testing";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { pdfText } from "../../testing/pdf-text";

/** A real 2×1 PNG (pdf-lib embeds it). */
const PNG = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGMQsTnx4cMHAAprA+l6DrjPAAAAAElFTkSuQmCC",
    "base64",
  ),
);

let ctx: TestContext;
let admin: string;
let manager: string;
let dispatcher: string;
let accountant: string;
let jake: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, dispatcher, accountant, jake] = await Promise.all([
    signIn(ctx, "admin@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "accountant@demo.test"),
    signIn(ctx, "driver@demo.test"),
  ]);
});
afterAll(() => ctx.close());

const company = {
  name: "Prairie Line Transport Inc.",
  address: "400 W Lake St; Suite 210; Chicago, IL 60606",
  phone: "+1 312 555 0190",
  email: "ar@prairieline.test",
  usdot: "USDOT 3141592",
  mc: "MC-271828",
  timeZone: "America/Denver",
  currency: "CAD",
};
const upload = (cookie: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return ctx.app.request("/api/settings/company/logo", {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
};
const invoicePdf = async () => {
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from invoices order by created_at limit 1`,
  );
  const res = await ctx.app.request(`/api/invoices/${rows[0].id}/pdf`, {
    headers: { origin: TEST_ORIGIN, cookie: accountant },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

describe("the company's profile", () => {
  it("starts from the COMPANY_* defaults; only admins and managers read or change it", async () => {
    const res = await call(ctx, "/api/settings/company", { cookie: manager });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Lakeshore Freight Lines LLC",
      timeZone: "America/Chicago",
      currency: "USD",
      logo: null,
      updatedAt: null,
    });
    expect((await call(ctx, "/api/settings/company", { cookie: dispatcher })).status).toBe(403);
    expect(
      (await call(ctx, "/api/settings/company", { method: "PUT", cookie: accountant, body: company })).status,
    ).toBe(403);
  });

  it("refuses a bad profile with each field's words and keeps the old one", async () => {
    const res = await call(ctx, "/api/settings/company", {
      method: "PUT",
      cookie: admin,
      body: { ...company, name: " ", usdot: "31415926535", mc: "MC 12A", timeZone: "Mars/Olympus" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toMatchObject({
      name: "Enter the company's legal name.",
      usdot: "A USDOT number is 1 to 8 digits.",
      mc: "An MC number is 1 to 8 digits.",
      timeZone: "Choose a time zone such as America/Chicago.",
    });
    expect(ctx.deps.config.company.name).toBe("Lakeshore Freight Lines LLC");
  });

  it("saved, it is on the next invoice PDF and every instance uses it, its calendar too", async () => {
    const other = await ctx.anotherInstance();
    const saved = await call(ctx, "/api/settings/company", { method: "PUT", cookie: manager, body: company });
    expect(saved.status).toBe(200);
    expect(saved.json as CompanySettings).toMatchObject({
      name: "Prairie Line Transport Inc.",
      usdot: "3141592",
      mc: "271828",
      timeZone: "America/Denver",
      currency: "CAD",
      updatedByName: "Maria Lopez",
    });
    const text = pdfText(await invoicePdf());
    expect(text).toContain("Prairie Line Transport Inc.");
    expect(text).toContain("Suite 210");
    expect(text).toContain("USDOT 3141592  ·  MC 271828");
    expect(text).toMatch(/CA\$\d/);
    // The other instance hears the change (migration 0031's trigger) and applies it in place.
    await other.deps.events.sync();
    for (
      let waited = 0;
      other.deps.config.company.timeZone !== "America/Denver" && waited < 5000;
      waited += 50
    )
      await new Promise((r) => setTimeout(r, 50));
    expect(other.deps.config.company).toMatchObject({
      name: "Prairie Line Transport Inc.",
      timeZone: "America/Denver",
    });
    const me = await call(ctx, "/api/me", { cookie: dispatcher });
    expect(me.json.currency).toBe("CAD");
    const { rows } = await ctx.deps.db.execute<{ details: { fields: string } }>(
      sql`select details from audit_log where action = 'settings.company_saved' order by created_at desc limit 1`,
    );
    expect(rows[0].details.fields).toBe("name, address, phone, email, usdot, mc, timeZone, currency");
  });

  it("prints the logo on every PDF; refuses anything but a PNG or JPEG", async () => {
    const text = await upload(
      manager,
      new TextEncoder().encode("not an image at all"),
      "logo.png",
      "image/png",
    );
    expect(text.status).toBe(415);
    expect((await text.json()).error.message).toBe("The logo must be a PNG or JPEG image.");
    const big = await upload(manager, new Uint8Array(600 * 1024), "logo.png", "image/png");
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toBe("The logo is larger than 512 KB.");
    expect((await upload(dispatcher, PNG, "logo.png", "image/png")).status).toBe(403);
    // Every PDF decodes the logo: one that declares more than a million pixels is refused at upload.
    const wide = await upload(manager, pngDeclaring(4000, 1000), "banner.png", "image/png");
    expect(wide.status).toBe(400);
    expect((await wide.json()).error).toMatchObject({
      code: "LOGO_TOO_LARGE",
      message: "The logo is too large: at most 1,000,000 pixels, for example 2000 × 500.",
    });

    const before = Buffer.from(await invoicePdf()).toString("latin1");
    expect(before).not.toContain("/Subtype /Image");
    const ok = await upload(manager, PNG, "prairie-line.png", "image/png");
    expect(ok.status).toBe(200);
    expect((await ok.json()).logo).toMatchObject({ fileName: "prairie-line.png" });
    expect(Buffer.from(await invoicePdf()).toString("latin1")).toContain("/Subtype /Image");

    const removed = await call(ctx, "/api/settings/company/logo", { method: "DELETE", cookie: manager });
    expect(removed.json.logo).toBeNull();
    expect(Buffer.from(await invoicePdf()).toString("latin1")).not.toContain("/Subtype /Image");
  });
});

describe("each user's own profile", () => {
  it("a driver's phone is their driver record's; the name reaches the session at once", async () => {
    const before = (await call(ctx, "/api/me/profile", { cookie: jake })).json as Profile;
    expect(before).toMatchObject({ email: "driver@demo.test", phoneOf: "driver", language: "en" });
    const bad = await call(ctx, "/api/me/profile", {
      method: "PUT",
      cookie: jake,
      body: { name: "", phone: "call me", language: "en" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields).toMatchObject({
      name: "Enter your name.",
      phone: "Enter a valid phone number.",
    });
    const saved = await call(ctx, "/api/me/profile", {
      method: "PUT",
      cookie: jake,
      body: { name: "Jake R. Wilson", phone: "(773) 555-0199", language: "es" },
    });
    expect(saved.json).toMatchObject({ name: "Jake R. Wilson", phone: "(773) 555-0199", language: "es" });
    const { rows } = await ctx.deps.db.execute<{ phone: string }>(
      sql`select d.phone from drivers d join users u on u.id = d.user_id where u.email = 'driver@demo.test'`,
    );
    expect(rows[0].phone).toBe("(773) 555-0199");
    expect((await call(ctx, "/api/me", { cookie: jake })).json.user.name).toBe("Jake R. Wilson");
    // The notification preferences read the same language.
    expect((await call(ctx, "/api/me/notification-preferences", { cookie: jake })).json.language).toBe("es");
  });

  it("staff keep their phone on their profile; every role reaches its own", async () => {
    const saved = await call(ctx, "/api/me/profile", {
      method: "PUT",
      cookie: accountant,
      body: { name: "Priya Shah", phone: "+1 312 555 0133", language: "fr" },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ phoneOf: "profile", phone: "+1 312 555 0133", language: "fr" });
    const customer = await signIn(ctx, "customer@demo.test");
    expect((await call(ctx, "/api/me/profile", { cookie: customer })).json.phoneOf).toBe("customer");
  });
});
