import { expect, test } from "@playwright/test";
import { startAiProvider } from "../src/server/testing/ai-provider";
import { loginAs, toast } from "./fixtures";

test.describe("AI assistant", () => {
  test("not configured at first; an admin sets up a company model, asks it to open a load and lands on it", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    const origin = new URL(page.url()).origin;
    const loads = await (await page.request.get("/api/loads")).json();
    const load = loads.items[0] as { id: string; loadNumber: string };
    // The company's own model server, scripted: search, open the record, answer.
    const provider = await startAiProvider([
      { toolCalls: [{ name: "search_records", args: { query: load.loadNumber } }] },
      { toolCalls: [{ name: "open_record", args: { path: `/operations/loads/${load.id}` } }] },
      { text: `Here is load ${load.loadNumber}.` },
    ]);
    try {
      await page.getByTestId("assistant-open").click();
      await expect(page.getByTestId("assistant-not-configured")).toContainText("AI assistant not configured");
      await page.getByRole("link", { name: "Open Settings → AI assistant" }).click();

      const form = page.getByTestId("assistant-form");
      await form.getByTestId("assistant-provider").selectOption("openai-compatible");
      await form.getByTestId("assistant-model").fill("company-llm");
      await form.getByTestId("assistant-base-url").fill(provider.baseUrl);
      await form.getByTestId("assistant-key").fill("sk-e2e-1234");
      await form.getByTestId("save-assistant").click();
      await expect(toast(page)).toContainText("AI assistant saved");
      await expect(form).toContainText("A key is saved.");
      await expect(form.getByTestId("assistant-key")).toHaveValue("");

      await page.getByTestId("assistant-open").click();
      const panel = page.getByTestId("assistant-panel");
      await panel.getByTestId("assistant-input").fill(`open load ${load.loadNumber}`);
      await panel.getByTestId("assistant-send").click();
      await expect(page).toHaveURL(new RegExp(`/operations/loads/${load.id}$`));
      await expect(panel.getByTestId("assistant-answer").last()).toHaveText(
        `Here is load ${load.loadNumber}.`,
      );
      await expect(page.getByRole("heading", { level: 1 })).toContainText(load.loadNumber);
      expect(provider.authorizations[0]).toBe("Bearer sk-e2e-1234");
    } finally {
      await page.request.put("/api/assistant/settings", {
        headers: { origin },
        data: { provider: null, model: "", baseUrl: "", apiKey: "" },
      });
      await provider.close();
    }
  });

  test("moving the assistant to another address needs the key typed again, and a manager sees where it connects read-only", async ({
    page,
    browser,
  }) => {
    await loginAs(page, "admin@demo.test");
    const origin = new URL(page.url()).origin;
    const company = await startAiProvider([]);
    const elsewhere = await startAiProvider([]);
    try {
      const setUp = await page.request.put("/api/assistant/settings", {
        headers: { origin },
        data: {
          provider: "openai-compatible",
          model: "company-llm",
          baseUrl: company.baseUrl,
          apiKey: "sk-e2e-1",
        },
      });
      expect(setUp.status()).toBe(200);
      await page.goto("/settings?tab=assistant");
      const form = page.getByTestId("assistant-form");
      const key = form.getByLabel("API key");
      await expect(form.getByTestId("assistant-base-url")).toHaveValue(company.baseUrl);
      await expect(key).toHaveAccessibleDescription("A key is saved. Leave empty to keep it.");

      await form.getByTestId("assistant-base-url").fill(elsewhere.baseUrl);
      await expect(key).toHaveAccessibleDescription(
        "The provider or server address changed: enter the API key again.",
      );
      await form.getByTestId("save-assistant").click();
      await expect(toast(page)).toContainText("The AI assistant settings were not saved");
      // The refusal is said next to the key field, and the form keeps what was typed.
      await expect(key).toHaveAccessibleDescription(
        "Enter the API key again to change the provider or its server address.",
      );
      await expect(form.getByTestId("assistant-base-url")).toHaveValue(elsewhere.baseUrl);

      await key.fill("sk-e2e-2");
      await form.getByTestId("save-assistant").click();
      await expect(toast(page)).toContainText("AI assistant saved");
      await expect(key).toHaveAccessibleDescription("A key is saved. Leave empty to keep it.");

      // A manager (here in Spanish) sees the provider and address but cannot move them.
      const context = await browser.newContext({ baseURL: origin });
      const manager = await context.newPage();
      try {
        await loginAs(manager, "manager@demo.test");
        await manager.goto("/settings?tab=assistant&lng=es");
        const theirs = manager.getByTestId("assistant-form");
        const address = theirs.getByTestId("assistant-base-url");
        await expect(address).toHaveValue(elsewhere.baseUrl);
        await expect(address).not.toBeEditable();
        const provider = theirs.getByTestId("assistant-provider");
        await expect(provider.locator("option")).toHaveText([
          "Desactivado (sin asistente)",
          "Servidor compatible con OpenAI (propio)",
        ]);
        await expect(provider).toHaveAccessibleDescription(
          "Solo un rol autorizado a cambiar adónde se conecta el asistente (por defecto, un administrador) puede elegir otro proveedor u otra dirección de servidor.",
        );
      } finally {
        await context.close();
      }
    } finally {
      await page.request.put("/api/assistant/settings", {
        headers: { origin },
        data: { provider: null, model: "", baseUrl: "", apiKey: "" },
      });
      await company.close();
      await elsewhere.close();
    }
  });
});
