import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, type Request, test } from "@playwright/test";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { type AppServer, startAppServer } from "../support/app-server";
import { gotoHydrated } from "../support/hydration";
import { expectToast, reviewCard } from "../support/reviews";
import { seedReviews } from "../support/seed";

// Every form checks its input with the zod schema the server parses it with: with JavaScript the
// Italian message shows under its field before anything is sent; without, the server refuses the
// post with the same message.
let server: AppServer;
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "form-validation-"));
  await seedReviews(dataDir, [{ name: "Da segnalare", content: "Testo qualsiasi.", rating: 3, createdAt: new Date() }]);
  server = await startAppServer({ DATA_DIR: dataDir });
  const created = adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password);
  expect(created.code, created.stderr).toBe(0);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Every POST the page sends from now on. */
function postsFrom(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  return posts;
}

/** The message a field shows, tied to it (aria-invalid, aria-describedby) as screen readers need. */
async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const field = page.getByLabel(label, { exact: typeof label === "string" });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

test.describe("with JavaScript, before anything is sent", () => {
  test("password change: too short when the field is left, mismatch on submit, nothing posted", async ({ page }) => {
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}/admin/account`);
    const posts = postsFrom(page);
    await page.getByLabel("Password attuale", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Nuova password", { exact: true }).fill("corta");
    await page.getByLabel("Ripeti la nuova password").focus();
    await expectFieldError(page, "Nuova password", "La password deve avere almeno 10 caratteri");

    await page.getByLabel("Nuova password", { exact: true }).fill("una-nuova-password-lunga");
    await expect(page.getByLabel("Nuova password", { exact: true })).not.toHaveAttribute("aria-invalid");
    await page.getByLabel("Ripeti la nuova password").fill("un'altra-password-lunga");
    await page.getByRole("button", { name: "Cambia password" }).click();
    await expectFieldError(page, "Ripeti la nuova password", "Le due nuove password non coincidono");
    await expectToast(page, "Le due nuove password non coincidono");
    await expect(page.getByLabel("Ripeti la nuova password")).toBeFocused();
    expect(posts).toHaveLength(0);
  });

  test("reply: an empty reply is refused in place", async ({ page }) => {
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}/admin/risposte`);
    const posts = postsFrom(page);
    await page.getByRole("button", { name: "Pubblica risposta" }).click();
    await expectFieldError(page, "Rispondi a Da segnalare", "Scrivi la risposta prima di pubblicarla.");
    expect(posts).toHaveLength(0);
  });

  test("Segnala: without a reason the form says so under the reasons", async ({ page }) => {
    await gotoHydrated(page, `${server.url}/reviews`);
    const card = reviewCard(page, "Da segnalare");
    await card.locator("summary", { hasText: "Segnala" }).click();
    const posts = postsFrom(page);
    await card.getByRole("button", { name: "Invia segnalazione" }).click();
    const reasons = card.getByRole("group", { name: "Perché la segnali?" });
    await expect(reasons).toHaveAccessibleDescription("Scegli il motivo della segnalazione.");
    expect(posts).toHaveLength(0);
  });
});

test.describe("without JavaScript, the server checks the same schema", () => {
  test.use({ javaScriptEnabled: false });

  test("password change: the refused post comes back with the message under its field", async ({ page }) => {
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}/admin/account`);
    await page.getByLabel("Password attuale", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Nuova password", { exact: true }).fill("una-nuova-password-lunga");
    await page.getByLabel("Ripeti la nuova password").fill("un'altra-password-lunga");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Cambia password" }).click();
    expect((await answer).status()).toBe(400);
    await expectFieldError(page, "Ripeti la nuova password", "Le due nuove password non coincidono");
    // Passwords are never sent back to refill the form.
    expect(await page.content()).not.toContain("una-nuova-password-lunga");
  });

  test("Segnala: a report without a reason is refused with the same message", async ({ page }) => {
    await page.goto(`${server.url}/reviews`);
    const card = reviewCard(page, "Da segnalare");
    await card.locator("summary", { hasText: "Segnala" }).click();
    await card.getByRole("button", { name: "Invia segnalazione" }).click();
    await expectToast(page, "Scegli il motivo della segnalazione.");
  });
});
