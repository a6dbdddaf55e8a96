import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { DEMO_PASSWORD } from "./src/server/seed/demo-accounts";
import { waitHealthy } from "./bench/real-server";

const PORT = 3491;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-shots-"));
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: BASE, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  await waitHealthy(BASE, 180);
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email: "driver@demo.test", password: DEMO_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE };
  });
  for (const [w, h] of [[375, 812], [1440, 900]]) {
    for (const lang of ["en", "es", "fr"]) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, locale: lang, isMobile: w < 640, hasTouch: w < 640 });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.route("**/assets/*.js", () => {}); // the app's code never arrives: the first screen alone
      await page.goto(`${BASE}/driver-dashboard`, { waitUntil: "commit" });
      await page.waitForSelector('[data-testid="first-current-load"]');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll("#first-screen a, #first-screen button")]
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.height < 44).length,
      );
      console.log(`${w} ${lang}: overflow=${overflow} targets<44px=${small}`);
      await page.screenshot({ path: `/tmp/shots/first-${w}-${lang}.png`, fullPage: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
