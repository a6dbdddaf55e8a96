import type { Meeting } from "@shared/meetings/meetings.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { startSmtpSink } from "../../testing/smtp-sink";
import { remindMeetings } from "./meetings.service";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: TestContext;
let manager: string;
let dispatcher: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url, meetingRoomUrl: "https://meet.example.test" });
  [manager, dispatcher] = await Promise.all([
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const schedule = (body: unknown) => call(ctx, "/api/meetings", { method: "POST", cookie: manager, body });
/** Unfolds headers and quoted-printable/base64 as a mail client would show the parts we check. */
const plain = (raw: string) => raw.replace(/\r\n[ \t]+/g, " ").replace(/=\r\n/g, "");

describe("virtual meetings", () => {
  it("schedules a link-based room (unguessable) and emails each participant an .ics invitation", async () => {
    const res = await schedule({
      topic: "Weekly dispatch review",
      startsAt: inHours(24),
      durationMinutes: 45,
      provider: "room",
      participants: ["Ops.Lead@fleet.test", "safety.partner@fleet.test"],
      agenda: "On-time %, detention, next week's lanes",
    });
    expect(res.status).toBe(201);
    const meeting = res.json as Meeting;
    expect(meeting.joinUrl).toMatch(/^https:\/\/meet\.example\.test\/lms-[A-Za-z0-9]{22,}$/);
    expect(meeting.participants).toEqual(["ops.lead@fleet.test", "safety.partner@fleet.test"]);
    const mail = plain((await smtp.waitFor("ops.lead@fleet.test")).raw);
    expect(mail).toContain("Subject: Invitation: Weekly dispatch review");
    expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    const ics = await ctx.app.request(`/api/meetings/${meeting.id}/invite.ics`, {
      headers: { cookie: manager },
    });
    const raw = await ics.text();
    // Lines fold at 75 octets (RFC 5545); unfolded, they read whole.
    expect(raw.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const text = raw.replace(/\r\n /g, "");
    expect(text).toContain("METHOD:REQUEST");
    expect(text).toContain(`UID:${meeting.id}@localhost`);
    expect(text).toContain("SUMMARY:Weekly dispatch review");
    expect(text).toContain(
      "ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ops.lead@fleet.test",
    );
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z\r\nDTEND:\d{8}T\d{6}Z/);

    const upcoming = await call(ctx, "/api/meetings?page=1&pageSize=25&when=upcoming", { cookie: manager });
    expect(upcoming.json.items.map((m: Meeting) => m.topic)).toContain("Weekly dispatch review");
  });

  it("cancels with a METHOD:CANCEL of the same UID and a higher SEQUENCE; reminds once before the start", async () => {
    const m = (
      await schedule({
        topic: "Carrier onboarding call",
        startsAt: inHours(0.25),
        provider: "link",
        joinUrl: "https://teams.example.test/l/meetup/123",
        participants: ["broker@partner.test"],
        reminderMinutes: 30,
      })
    ).json as Meeting;
    expect(await remindMeetings(ctx.deps)).toBe(1);
    expect(await remindMeetings(ctx.deps)).toBe(0);
    const reminder = smtp.received.find(
      (r) => r.to.includes("broker@partner.test") && r.raw.includes("Reminder:"),
    );
    expect(reminder).toBeDefined();

    const cancelled = await call(ctx, `/api/meetings/${m.id}/cancel`, { method: "POST", cookie: manager });
    expect(cancelled.json.status).toBe("cancelled");
    const ics = await (
      await ctx.app.request(`/api/meetings/${m.id}/invite.ics`, { headers: { cookie: manager } })
    ).text();
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("STATUS:CANCELLED");
    await new Promise((r) => setTimeout(r, 200));
    expect(
      smtp.received.some(
        (r) =>
          r.to.includes("broker@partner.test") &&
          r.raw.includes("Subject: Cancelled: Carrier onboarding call"),
      ),
    ).toBe(true);
    expect(
      (await call(ctx, `/api/meetings/${m.id}/cancel`, { method: "POST", cookie: manager })).status,
    ).toBe(409);
  });

  it("refuses a pasted link that is not https, bad emails and a past time; only admin and manager schedule", async () => {
    const bad = await schedule({
      topic: "x",
      startsAt: inHours(1),
      provider: "link",
      joinUrl: "http://x",
      participants: ["nope"],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields).toMatchObject({
      joinUrl: "Paste a meeting link that starts with https://.",
      "participants.0": "Enter valid email addresses.",
    });
    const past = await schedule({
      topic: "x",
      startsAt: inHours(-2),
      provider: "room",
      participants: ["a@b.test"],
    });
    expect(past.json.error.details.fields.startsAt).toBe("This time has passed. Choose a later time.");
    const none = await schedule({ topic: "x", startsAt: inHours(1), provider: "room", participants: [] });
    expect(none.json.error.details.fields.participants).toBe("Add at least one participant's email.");
    expect((await call(ctx, "/api/meetings?page=1&pageSize=10", { cookie: dispatcher })).status).toBe(403);
  });
});
