import { expect, test } from "@playwright/test";
import { toast } from "./fixtures";
import { openAs } from "./load-helpers";

test.describe("chat", () => {
  test("a dispatcher and a driver on a phone chat live, with a PDF, read receipts and the spec's toast", async ({
    browser,
  }) => {
    const driver = await openAs(browser, "driver@demo.test", { width: 390, height: 844 });
    const mine = await driver.request.get("/api/chat/threads?page=1&pageSize=10");
    const { driverName } = (await mine.json()).items[0] as { driverName: string };

    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    await dispatcher.goto("/communications/chat");
    await expect(dispatcher.getByRole("heading", { name: "Chat", level: 1 })).toBeVisible();
    await dispatcher.getByRole("searchbox").fill(driverName);
    await dispatcher.getByTestId("thread").filter({ hasText: driverName }).first().click();
    await expect(dispatcher).toHaveURL(/driver=/);
    const conversation = dispatcher.getByTestId("conversation");
    await expect(conversation.getByRole("heading", { name: driverName })).toBeVisible();

    // An empty message is refused on the spot, and nothing is sent.
    await conversation.getByTestId("chat-send").click();
    await expect(conversation.getByRole("alert")).toHaveText("Write a message or attach a file.");

    // The driver is elsewhere in the app: the message arrives as a toast that opens the chat.
    const streaming = driver.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await driver.goto("/driver-dashboard");
    await streaming;
    const stamp = Date.now().toString(36);
    await conversation.getByTestId("chat-body").fill(`Can you take the early pickup? ${stamp}`);
    await conversation.getByTestId("chat-body").press("Enter");
    await expect(conversation.getByTestId("message").filter({ hasText: stamp })).toBeVisible();
    await expect(conversation.getByTestId("chat-body")).toHaveValue("");
    await driver.bringToFront();
    await expect(toast(driver)).toContainText("New message from");
    await expect(toast(driver)).toContainText(stamp);
    await toast(driver).getByRole("button", { name: "Open" }).click();
    await expect(driver).toHaveURL(/\/communications\/chat$/);
    const phone = driver.getByTestId("conversation");
    await expect(phone.getByTestId("message").filter({ hasText: stamp })).toBeVisible();

    // Opening it read it: dispatch sees the receipt, live.
    await dispatcher.bringToFront();
    await expect(conversation.getByTestId("receipt")).toContainText("Read");

    // The driver answers with text and a PDF from the phone; dispatch sees both live.
    await driver.bringToFront();
    await phone.getByTestId("chat-file").setInputFiles({
      name: "signed-bol.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
    });
    await expect(phone.getByText("signed-bol.pdf")).toBeVisible();
    await phone.getByTestId("chat-body").fill(`Yes, on my way ${stamp}`);
    const send = phone.getByTestId("chat-send");
    const box = await send.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await send.click();
    await expect(phone.getByTestId("message").filter({ hasText: `on my way ${stamp}` })).toBeVisible();

    await dispatcher.bringToFront();
    const reply = conversation.getByTestId("message").filter({ hasText: `on my way ${stamp}` });
    await expect(reply).toBeVisible();
    await expect(reply.getByRole("link", { name: "signed-bol.pdf" })).toBeVisible();

    // In Spanish the screen speaks Spanish.
    await driver.goto("/communications/chat?lng=es");
    await expect(driver.getByTestId("chat-send")).toHaveText("Enviar");
    await dispatcher.context().close();
    await driver.context().close();
  });
});
