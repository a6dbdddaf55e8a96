import { test } from "@playwright/test";
import { openAs } from "./load-helpers";

test("shots", async ({ browser }) => {
  const d = await openAs(browser, "dispatcher@demo.test", { width: 1440, height: 900 });
  await d.goto("/communications?lng=fr");
  await d.getByTestId("who-drivers").selectOption("all");
  await d.waitForTimeout(1200);
  await d.screenshot({ path: "/tmp/shot-comm-1440-fr.png" });
  const m = await openAs(browser, "manager@demo.test", { width: 375, height: 740 });
  await m.goto("/notifications/custom?lng=es");
  await m.waitForTimeout(1200);
  await m.screenshot({ path: "/tmp/shot-ann-375-es.png", fullPage: true });
  await m.goto("/communications?tab=log");
  await m.waitForTimeout(1200);
  await m.screenshot({ path: "/tmp/shot-log-375-en.png" });
});
