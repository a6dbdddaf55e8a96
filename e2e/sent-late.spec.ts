import { expect, type Page, test } from "@playwright/test";
import { CHECKLISTS } from "../src/shared/inspections/inspections.schema";
import { openAs } from "./load-helpers";

/**
 * What the driver's phone sent late (issue 41, decision 060) shows on dispatch's screens with its own
 * time and an amber "sent late · received …" mark: the load's timeline (the demo's late check-in),
 * a POD, a chat message, a fuel entry and an inspection sent from the outbox 40 minutes after the fact.
 */
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

test("dispatch sees what the phone sent late, marked with the time it arrived", async ({ browser }) => {
  const phone = await openAs(browser, "driver@demo.test", { width: 390, height: 844 });
  const tapped = new Date(Date.now() - 40 * 60_000).toISOString();
  const outbox = () => ({ "Idempotency-Key": crypto.randomUUID(), "X-Occurred-At": tapped });
  const stamp = Date.now().toString(36);

  // The driver's thread, truck and load on the road, as the phone knows them.
  const thread = (await (await phone.request.get("/api/chat/threads?page=1&pageSize=10")).json()).items[0];
  const vehicles = (await (await phone.request.get("/api/fuel-entries/vehicles")).json()).items as Array<{
    id: string;
    mileage: number;
    assigned: boolean;
  }>;
  const truck = vehicles.find((v) => v.assigned) ?? vehicles[0];
  const dashboard = await (await phone.request.get("/api/driver-dashboard")).json();
  const load = dashboard.currentLoad as { id: string } | null;

  const sent = [
    phone.request.post(`/api/chat/threads/${thread.driverId}/messages`, {
      headers: outbox(),
      multipart: { body: `No signal at the dock ${stamp}` },
    }),
    phone.request.post("/api/fuel-entries", {
      headers: outbox(),
      multipart: {
        confirmDuplicate: "true",
        vehicleId: truck.id,
        fueledAt: tapped,
        location: `Outbox Truck Stop ${stamp}`,
        state: "IN",
        odometer: String(truck.mileage + 40),
        fuelType: "diesel",
        gallons: "80.000",
        pricePerGallon: "3.600",
        totalAmount: "288.00",
        receipt: { name: "receipt.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) },
      },
    }),
    phone.request.post("/api/inspections", {
      headers: outbox(),
      multipart: {
        data: JSON.stringify({
          assetType: "vehicle",
          vehicleId: truck.id,
          type: "pre_trip",
          inspectedAt: tapped,
          odometer: null,
          location: "Gary, IN",
          checklist: CHECKLISTS.vehicle.map((item) => ({ item, result: "pass", note: "" })),
          overallStatus: "pass",
          comments: `Filed offline ${stamp}`,
        }),
      },
    }),
  ];
  const [chat, fuel, inspection] = await Promise.all(sent);
  expect(chat.status()).toBe(201);
  expect(fuel.status()).toBe(201);
  expect(inspection.status()).toBe(201);
  const inspectionId = (await inspection.json()).id as string;
  if (load) {
    const pod = await phone.request.post(`/api/loads/${load.id}/files`, {
      headers: outbox(),
      multipart: {
        kind: "bol",
        file: { name: `bol-${stamp}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(PDF) },
      },
    });
    expect(pod.status()).toBe(201);
  }

  const office = await openAs(browser, "dispatcher@demo.test", { width: 1440, height: 900 });
  const mark = (scope: ReturnType<Page["getByTestId"]>) => scope.getByTestId("sent-late");

  // The demo's load on the road whose first arrival came from the outbox late.
  await office.goto(`/operations/loads/${(await firstLoadWithLateCheckIn(office)).id}`);
  const timeline = office.getByTestId("status-timeline");
  await expect(mark(timeline).first()).toContainText(/sent late · received \d/);
  // The BOL photo just sent from the outbox, on the driver's load.
  if (load) {
    await office.goto(`/operations/loads/${load.id}`);
    const file = office.getByText(`bol-${stamp}.pdf`).locator("xpath=ancestor::li[1]");
    await expect(file.getByTestId("sent-late")).toBeVisible();
  }

  await office.goto(`/communications/chat?driver=${thread.driverId}`);
  const message = office.getByTestId("message").filter({ hasText: `No signal at the dock ${stamp}` });
  await expect(message.getByTestId("sent-late")).toContainText("sent late");

  await office.goto(`/fleet/fuel?q=${encodeURIComponent(`Outbox Truck Stop ${stamp}`)}`);
  await expect(office.getByTestId("sent-late").first()).toContainText("sent late");

  await office.goto(`/fleet/inspections/${inspectionId}`);
  await expect(office.getByTestId("sent-late")).toContainText("sent late");
});

async function firstLoadWithLateCheckIn(page: Page): Promise<{ id: string }> {
  const list = await (await page.request.get("/api/loads?status=in_progress&pageSize=50")).json();
  for (const item of list.items as Array<{ id: string }>) {
    const detail = await (await page.request.get(`/api/loads/${item.id}`)).json();
    if (detail.timeline.some((e: { data: { late?: boolean } }) => e.data.late)) return item;
  }
  throw new Error("no demo load with a late check-in");
}
