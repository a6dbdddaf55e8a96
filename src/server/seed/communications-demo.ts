import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  announcements,
  chatMessages,
  chatReads,
  communicationRecipients,
  communications,
  drivers,
  meetings,
  smsConsents,
  users,
} from "../db/schema";
import { deliver } from "../modules/announcements/announcements.service";
import { toE164 } from "../modules/communications/sms.service";

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * Chat as a working morning leaves it: dispatch and Jake Wilson (driver@demo.test) about his current
 * load, read on both sides; Rosa Martinez (driver2@demo.test) asking for an early start that dispatch
 * has not read yet; a reminder to a driver without a sign-in. Once: nothing when chat has messages.
 */
export async function seedCommunicationsDemo(tx: Tx, now = new Date()): Promise<void> {
  const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages`)).rows;
  if (n > 0) return;
  const userId = async (email: string) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const driverOf = async (email: string) =>
    (
      await tx
        .select({ id: drivers.id, name: drivers.fullName, userId: drivers.userId })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.userId))
        .where(eq(users.email, email))
    )[0];
  const dispatcherId = await userId("dispatcher@demo.test");
  const managerId = await userId("manager@demo.test");
  const jake = await driverOf("driver@demo.test");
  const rosa = await driverOf("driver2@demo.test");
  if (!dispatcherId) return;
  const dan = "Dan Carter";

  if (jake) {
    const { rows } = await tx.execute<{ id: string; load_number: string }>(sql`
      select id, load_number from loads where driver_id = ${jake.id} and status in ('assigned', 'in_progress')
      order by status desc, created_at desc limit 1`);
    const load = rows[0];
    const jakeSays = { driverId: jake.id, senderId: jake.userId, senderName: jake.name, fromDriver: true };
    const danSays = { driverId: jake.id, senderId: dispatcherId, senderName: dan, fromDriver: false };
    await tx.insert(chatMessages).values([
      {
        ...danSays,
        body: load
          ? `Morning Jake, ${load.load_number} is yours. Pickup window opens at 8:00, dock 4.`
          : "Morning Jake, check your loads when you can.",
        loadId: load?.id ?? null,
        createdAt: minutesAgo(now, 300),
      },
      { ...jakeSays, body: "Got it. Leaving the yard now.", createdAt: minutesAgo(now, 290) },
      {
        // Written at the dock with no signal; the phone's outbox sent it 22 minutes later (issue 41).
        ...jakeSays,
        body: "Shipper says they're running 45 minutes behind on loading.",
        loadId: load?.id ?? null,
        occurredAt: minutesAgo(now, 142),
        receivedAt: minutesAgo(now, 120),
        createdAt: minutesAgo(now, 120),
      },
      {
        ...danSays,
        body: "Thanks, I've told the receiver. Note your in and out times for detention.",
        createdAt: minutesAgo(now, 115),
      },
    ]);
    await tx
      .insert(chatReads)
      .values([
        { driverId: jake.id, userId: dispatcherId, isDriver: false, readAt: minutesAgo(now, 116) },
        ...(jake.userId
          ? [{ driverId: jake.id, userId: jake.userId, isDriver: true, readAt: minutesAgo(now, 110) }]
          : []),
      ]);
  }
  if (rosa)
    await tx.insert(chatMessages).values({
      driverId: rosa.id,
      senderId: rosa.userId,
      senderName: rosa.name,
      fromDriver: true,
      body: "Can I get an early start tomorrow? I'd like to be rolling by 5.",
      createdAt: minutesAgo(now, 30),
    });
  const [other] = await tx
    .execute<{ id: string; full_name: string }>(sql`
    select id, full_name from drivers where user_id is null and active order by full_name limit 1`)
    .then((r) => r.rows);
  if (other)
    await tx.insert(chatMessages).values({
      driverId: other.id,
      senderId: dispatcherId,
      senderName: dan,
      fromDriver: false,
      body: `${other.full_name.split(" ")[0]}, your medical card expires next month. Send the new one when you have it.`,
      createdAt: minutesAgo(now, 26 * 60),
    });

  // A mass email dispatch sent yesterday: most drivers got it, one has no email on file.
  const { rows: fleet } = await tx.execute<{ id: string; full_name: string; email: string | null }>(
    sql`select id, full_name, nullif(trim(email), '') as email from drivers where active order by full_name`,
  );
  if (fleet.length) {
    const sentAt = minutesAgo(now, 22 * 60);
    const [mail] = await tx
      .insert(communications)
      .values({
        channel: "email",
        subject: "Updated fuel card PINs",
        body: "Your fuel card PIN changes on Monday. Pick up the new one at the front desk before your next trip.\n\n-- \nDan Carter\nDispatch, Lakeshore Freight Lines",
        senderId: dispatcherId,
        senderName: dan,
        status: "sent",
        createdAt: sentAt,
      })
      .returning({ id: communications.id });
    await tx.insert(communicationRecipients).values(
      fleet.map((d) => ({
        communicationId: mail.id,
        recipientKind: "driver",
        recipientId: d.id,
        name: d.full_name,
        address: d.email,
        status: d.email ? "sent" : "no_address",
        sentAt: d.email ? sentAt : null,
        createdAt: sentAt,
      })),
    );
  }
  // SMS consent: the two drivers with sign-ins signed the consent form at hiring; a shipper's
  // receiving desk replied STOP to last month's holiday-hours text.
  const { rows: phones } = await tx.execute<{ name: string; phone: string | null; email: string | null }>(sql`
    select d.full_name as name, d.phone, u.email from drivers d join users u on u.id = d.user_id
    where u.email in ('driver@demo.test', 'driver2@demo.test')`);
  for (const p of phones) {
    const phone = toE164(p.phone);
    if (phone)
      await tx
        .insert(smsConsents)
        .values({
          phone,
          name: p.name,
          status: "opted_in",
          method: p.email === "driver@demo.test" ? "form" : "paper",
          recordedByName: "Alex Morgan",
          recordedAt: minutesAgo(now, 60 * 24 * 40),
        })
        .onConflictDoNothing();
  }
  const { rows: desk } = await tx.execute<{ name: string; phone: string }>(sql`
    select cc.name, cc.phone from customer_contacts cc where cc.phone <> '' order by cc.name limit 1`);
  const deskPhone = toE164(desk[0]?.phone);
  if (deskPhone)
    await tx
      .insert(smsConsents)
      .values({
        phone: deskPhone,
        name: desk[0].name,
        status: "opted_out",
        method: "keyword",
        note: "STOP",
        recordedByName: "Reply",
        recordedAt: minutesAgo(now, 60 * 24 * 25),
      })
      .onConflictDoNothing();
  if (managerId) {
    // A weekly review in a meeting room tomorrow, and last week's, already held.
    const tomorrow = new Date(now);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    tomorrow.setUTCHours(15, 0, 0, 0);
    const lastWeek = new Date(tomorrow.getTime() - 8 * 86_400_000);
    for (const [startsAt, room] of [
      [tomorrow, "lms-weekly-review-7Hq2Xc9LpV4mZt8Rw3Ny"],
      [lastWeek, "lms-weekly-review-Qe5Jk2Vb8Tn4Ls6Pd1Gh"],
    ] as const)
      await tx.insert(meetings).values({
        topic: "Weekly dispatch review",
        agenda: "On-time delivery, detention, next week's lanes, open claims.",
        startsAt,
        durationMinutes: 45,
        provider: "room",
        joinUrl: `https://meet.jit.si/${room}`,
        participants: ["dispatcher@demo.test", "safety@demo.test", "accountant@demo.test"],
        reminderMinutes: 15,
        remindedAt: startsAt < now ? startsAt : null,
        createdBy: managerId,
        createdByName: "Maria Lopez",
        createdByEmail: "manager@demo.test",
      });
  }
  if (managerId) {
    // Custom notifications: one delivered yesterday to everyone (read by some), one scheduled for Monday.
    const [sent] = await tx
      .insert(announcements)
      .values({
        title: "Winter driving reminder",
        description:
          "Chains in the truck from December 1. Check the forecast before each trip and call dispatch if roads close.",
        deliverAt: minutesAgo(now, 20 * 60),
        audience: "staff",
        visibleToDrivers: true,
        createdBy: managerId,
        createdByName: "Maria Lopez",
      })
      .returning({ id: announcements.id });
    await deliver(tx, sent.id, minutesAgo(now, 20 * 60));
    // Jake and dispatch have read it.
    await tx.execute(sql`update notifications n set read_at = ${minutesAgo(now, 18 * 60)}
      from announcement_recipients r join users u on u.id = r.user_id
      where n.id = r.notification_id and r.announcement_id = ${sent.id}
        and u.email in ('driver@demo.test', 'dispatcher@demo.test')`);
    const monday = new Date(now);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    monday.setUTCHours(14, 0, 0, 0);
    await tx.insert(announcements).values({
      title: "Quarterly safety meeting",
      description: "Monday 9:00 in the drivers' lounge. Coffee and donuts; bring your logbook questions.",
      deliverAt: monday,
      audience: "staff",
      visibleToDrivers: true,
      createdBy: managerId,
      createdByName: "Maria Lopez",
    });
  }

  // Issue 16's preferences: the company texts assignments (its drivers consented), Rosa reads in
  // Spanish and wants announcements by email too, dispatch keeps two saved groups.
  await tx.execute(sql`
    insert into automated_notifications (event, in_app, email, sms, updated_by_name, updated_at)
    values ('load.assigned', true, true, true, 'Maria Lopez', ${minutesAgo(now, 60 * 24 * 6)})
    on conflict do nothing`);
  if (rosa?.userId)
    await tx.execute(sql`
      insert into user_preferences (user_id, language, email_kinds, sms_kinds)
      values (${rosa.userId}, 'es', array['load.assigned', 'time_off.reviewed', 'document.expiring', 'announcement'],
        array['load.assigned'])
      on conflict (user_id) do update set language = excluded.language, email_kinds = excluded.email_kinds,
        sms_kinds = excluded.sms_kinds`);
  if (jake && rosa)
    await tx.execute(sql`
      insert into recipient_groups (name, audience, created_by_name) values
        ('Chicago yard drivers', ${JSON.stringify({
          drivers: "chosen",
          driverIds: [jake.id, rosa.id],
          customers: "none",
          customerIds: [],
          staffRoles: [],
          labels: [
            { id: jake.id, label: jake.name },
            { id: rosa.id, label: rosa.name },
          ],
        })}::jsonb, 'Dan Carter'),
        ('Office and safety', ${JSON.stringify({
          drivers: "none",
          driverIds: [],
          customers: "none",
          customerIds: [],
          staffRoles: ["manager", "dispatcher", "safety"],
          labels: [],
        })}::jsonb, 'Maria Lopez')
      on conflict do nothing`);
}
