import { test } from "@playwright/test";
import { openAs } from "./load-helpers";

test("shots", async ({ browser }) => {
  const d = await openAs(browser, "dispatcher@demo.test", { width: 1440, height: 900 });
  await d.goto("/communications/chat");
  await d.getByTestId("thread").first().click();
  await d.waitForTimeout(1200);
  await d.screenshot({ path: "/tmp/shot-chat-1440-en.png" });
  const m = await openAs(browser, "dispatcher@demo.test", { width: 375, height: 740 });
  await m.goto("/communications/chat?lng=fr");
  await m.waitForTimeout(1200);
  await m.screenshot({ path: "/tmp/shot-chat-375-fr-list.png" });
  await m.getByTestId("thread").first().click();
  await m.waitForTimeout(1200);
  await m.screenshot({ path: "/tmp/shot-chat-375-fr-conv.png" });
  const dr = await openAs(browser, "driver@demo.test", { width: 375, height: 740 });
  await dr.goto("/communications/chat?lng=es");
  await dr.waitForTimeout(1500);
  await dr.screenshot({ path: "/tmp/shot-chat-375-es-driver.png" });
});
