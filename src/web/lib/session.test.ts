import { ROUTES } from "@shared/access";
import { describe, expect, it } from "vitest";
import { HOME_PATH, isReturnPath, SIGN_IN_PATH } from "./session";

describe("signing in and coming back", () => {
  it("names the route table's sign-in and home paths (the sign-in document does not load the table)", () => {
    expect(SIGN_IN_PATH).toBe(ROUTES.login.path);
    expect(HOME_PATH).toBe(ROUTES.home.path);
  });

  it("returns only to a page of this app, never to another site or back to the sign-in page", () => {
    expect(isReturnPath("/operations/loads")).toBe(true);
    expect(isReturnPath("/operations/loads?status=delivered#top")).toBe(true);
    expect(isReturnPath("/")).toBe(true);
    expect(isReturnPath("/login-help")).toBe(true);
    for (const outside of [
      "//evil.test/x",
      "/\\evil.test",
      "https://evil.test/",
      "javascript:alert(1)",
      "operations/loads",
      "",
      "/login",
      "/login?lng=es",
      "/login/",
      "/login#x",
    ])
      expect(isReturnPath(outside), outside).toBe(false);
  });
});
