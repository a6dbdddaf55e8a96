import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

// System Chromium only (CHROMIUM_PATH, else /usr/bin/chromium): tests never download a browser.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace costs the browser about as much CPU again (screencast frames); on CI, where
    // two workers share two cores, record it only for the retry of a failed test.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // No service worker unless a spec asks for one (e2e/pwa.spec.ts): a worker answers the app's files
    // from its cache, where `page.route` does not see them, and keeps an old build across a spec's
    // reloads (decision 059).
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /\.exclusive\.spec\.ts$/,
    },
    // Company-wide switches that would trip the tests running beside them (a role that must use
    // two-factor sign-in): run alone, once everything else has finished.
    {
      name: "exclusive",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /\.exclusive\.spec\.ts$/,
      dependencies: ["desktop"],
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port), PUBLIC_URL: baseURL, LOG_LEVEL: "warn" },
  },
});
