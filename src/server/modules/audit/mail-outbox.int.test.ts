import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signaturePng } from "../../seed/signature-png";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let admin: string;
let manager: string;
let dispatcher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, dispatcher] = await Promise.all([
    signIn(ctx, "admin@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
});
afterAll(() => ctx.close());

interface OutboxMessage {
  id: string;
  subject: string;
  text: string;
  attachments: Array<{ fileName: string; contentType: string; size: number; stored: boolean }>;
}
const outbox = async (q: string): Promise<OutboxMessage[]> =>
  (await call(ctx, `/api/admin/mail?q=${encodeURIComponent(q)}`, { cookie: admin })).json.items;
const attachment = (id: string, index: number, cookie = admin) =>
  ctx.app.request(`/api/admin/mail/${id}/attachments/${index}`, { headers: { origin: TEST_ORIGIN, cookie } });
/** An RFC 7231 / toUTCString() timestamp: "Fri, 11 Dec 2026 16:00:00 GMT". */
const RFC_DATE = /\b[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} (GMT|UTC)\b/;

describe("the mail outbox", () => {
  it("lists each message's attachments; a stored one downloads, a generated one is named only", async () => {
    // A signed contract: its PDF is a stored file, mailed to both sides.
    const draft = await call(ctx, "/api/contracts", {
      cookie: manager,
      body: {
        title: "Outbox Lease 7Q",
        type: "lease",
        signerName: "Nina Brooks",
        signerEmail: "nina.7q@example.test",
        content: "Lease terms.",
      },
    });
    const sent = await call(ctx, `/api/contracts/${draft.json.id}/send`, { cookie: manager, method: "POST" });
    const token = (sent.json.url as string).split("/").pop() as string;
    const shown = (await call(ctx, `/api/public/contracts/${token}`)).json;
    const signed = await call(ctx, `/api/public/contracts/${token}/sign`, {
      body: {
        consent: true,
        fullName: "Nina Brooks",
        signature: signaturePng(true),
        contentSha256: shown.contentSha256,
      },
    });
    expect(signed.status).toBe(200);
    // A meeting invitation: its .ics is written for the message and not kept.
    const meeting = await call(ctx, "/api/meetings", {
      method: "POST",
      cookie: manager,
      body: {
        topic: "Outbox review 7Q",
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        durationMinutes: 30,
        provider: "link",
        joinUrl: "https://meet.example.test/outbox-7q",
        participants: ["ops.7q@fleet.test"],
      },
    });
    expect(meeting.status, JSON.stringify(meeting.json)).toBe(201);

    const [signedMail] = await outbox("Signed: Outbox Lease 7Q");
    expect(signedMail.attachments).toEqual([
      {
        fileName: "Outbox Lease 7Q - signed.pdf",
        contentType: "application/pdf",
        size: expect.any(Number),
        stored: true,
      },
    ]);
    const pdf = await attachment(signedMail.id, 0);
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(bytes.length).toBe(signedMail.attachments[0].size);
    expect((await attachment(signedMail.id, 1)).status).toBe(404);
    // Only those who read the outbox.
    expect((await attachment(signedMail.id, 0, dispatcher)).status).toBe(403);

    const [invite] = await outbox("Invitation: Outbox review 7Q");
    expect(invite.attachments).toEqual([
      {
        fileName: "invite.ics",
        contentType: expect.stringContaining("text/calendar"),
        size: expect.any(Number),
        stored: false,
      },
    ]);
    expect((await attachment(invite.id, 0)).status).toBe(404);
  });

  it("writes dates in the emails for people, in the company's time zone — never an RFC timestamp", async () => {
    const mails = [
      ...(await outbox("Please sign: Outbox Lease 7Q")),
      ...(await outbox("Signed: Outbox Lease 7Q")),
      ...(await outbox("Invitation: Outbox review 7Q")),
    ];
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const m of mails) {
      expect(`${m.subject}\n${m.text}`, m.subject).not.toMatch(RFC_DATE);
    }
    const [request] = await outbox("Please sign: Outbox Lease 7Q");
    // "The link works until December 11, 2026 at 10:00 AM CST."
    expect(request.text).toMatch(
      /The link works until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,5}\./,
    );
  });
});
