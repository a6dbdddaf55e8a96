import { createHmac } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo1234!";

/** Signs in through the login form, as a user would, and waits to leave /login. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * The one visible toast (toasts show one at a time): the front one. A replaced toast can linger in
 * the page (hidden behind, or marked data-removed during its exit animation), so two toasts in a
 * row never both match.
 */
export const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');

/**
 * Closes the visible toast with its close button, as a user does when it sits over the next button
 * they need (toasts open top-right, where page headers keep their actions; hovering one pauses it).
 */
export async function closeToast(page: Page) {
  const shown = toast(page);
  await shown.getByRole("button", { name: "Close" }).click();
  await expect(shown).toHaveCount(0);
}

export async function signOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Clicks an option of the open picker once its search has answered: the list says `aria-busy` from
 * the keystroke until the answer, and a click while the options are replaced can land on nothing.
 */
export async function pickOption(page: Page, name: RegExp) {
  const list = page.getByRole("listbox");
  await expect(list).not.toHaveAttribute("aria-busy", "true");
  await list.getByRole("option", { name }).click();
}

/** The code an authenticator app shows for a base32 key (RFC 6238: HMAC-SHA1, 30 s, 6 digits). */
export function totp(key: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of key.replace(/\s/g, "").toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const secret = Buffer.from(bits.match(/.{8}/g)?.map((b) => Number.parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The smallest file the server takes as a PDF (checked by its content): a BOL, a POD or a receipt in a spec. */
export const TINY_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
