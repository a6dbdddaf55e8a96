import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dir = mkdtempSync(path.join(tmpdir(), "lms-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("settings", () => {
  it("has working defaults", () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      demoData: undefined,
    });
  });

  it("without PUBLIC_URL trusts every loopback name of the port; with it, only its origin", () => {
    expect(loadConfig({ DATA_DIR: dir, PORT: "3456" }).trustedOrigins).toEqual([
      "http://localhost:3456",
      "http://127.0.0.1:3456",
      "http://[::1]:3456",
    ]);
    expect(
      loadConfig({ DATA_DIR: dir, PORT: "3456", PUBLIC_URL: "https://lms.example.com/" }).trustedOrigins,
    ).toEqual(["https://lms.example.com"]);
  });

  it("generates BETTER_AUTH_SECRET once under DATA_DIR, private, and reuses it", () => {
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("names every invalid setting in one clear message", () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        PUBLIC_URL: "nope",
        DEMO_DATA: "maybe",
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const msg = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "PUBLIC_URL", "DEMO_DATA"]) expect(msg).toContain(name);
    expect(msg).toContain("README");
  });

  it("reads DEMO_DATA, PUBLIC_URL and a given secret", () => {
    const c = loadConfig({
      DATA_DIR: dir,
      DEMO_DATA: "false",
      PUBLIC_URL: "https://lms.example.com/",
      BETTER_AUTH_SECRET: "x".repeat(40),
    });
    expect(c).toMatchObject({
      demoData: false,
      publicUrl: "https://lms.example.com",
      authSecret: "x".repeat(40),
    });
  });
});
