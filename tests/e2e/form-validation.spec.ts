import { expect, type Page, type Request, test } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { ADMIN } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer, startAppServer } from "../support/app-server";
import { gotoHydrated } from "../support/hydration";
import { reviewCard, waitForFillTime } from "../support/reviews";
import { seedReviews } from "../support/factory";

// Every form checks its input with the zod schema the server parses it with: with JavaScript the
// Italian message shows under its field before anything is sent; without, the server refuses the
// post with the same message.
let server: AppServer;
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("form-validation-", { admin: true });
  await seedReviews(dataDir, [{ name: "Da segnalare", content: "Testo qualsiasi.", rating: 3, createdAt: new Date() }]);
  server = await startAppServer({ DATA_DIR: dataDir });
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
    await signInAsAdmin(page, server);
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
    await signInAsAdmin(page, server);
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

// zod is the largest script a page with a form would run: a public page fetches it, with the
// form's schema, only when a visitor reaches a form. A regression would cost every reader of the
// reviews page a long task at load and no other test would see it.
test.describe("the reviews page fetches its forms' check when a visitor reaches a form", () => {
  const zodScript = /\/assets\/zod-[\w-]+\.js$/;
  const REQUIRED = "Per favore compila tutti i campi";

  /** The zod script's requests from now on; each is held until `release` (or refused with `fail`). */
  async function holdZod(page: Page, { fail = false } = {}) {
    const requests: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(zodScript, async (route) => {
      requests.push(route.request().url());
      await released;
      await (fail ? route.abort("internetdisconnected") : route.continue());
    });
    return { requests, release };
  }

  test("not at load; a submit made while it is on its way waits for it, then is checked in place", async ({ page }) => {
    const zod = await holdZod(page);
    await gotoHydrated(page, `${server.url}/reviews`);
    // The page has run its scripts: whatever it imports at load has been fetched by now.
    expect(zod.requests).toEqual([]);

    const posts = postsFrom(page);
    await page.getByRole("button", { name: "Invia recensione" }).click();
    await expect.poll(() => zod.requests.length).toBe(1);
    await expect(page.locator(".review-form__status")).toHaveText("");
    zod.release();

    await expectToast(page, REQUIRED);
    await expect(page.locator(".review-form__status")).toHaveText(REQUIRED);
    await expect(page.getByLabel("Nome", { exact: true })).toBeFocused();
    expect(posts).toHaveLength(0);
    expect(zod.requests).toHaveLength(1);
  });

  test("pressed twice while it is on its way, the review is sent once", async ({ page }) => {
    const zod = await holdZod(page);
    await gotoHydrated(page, `${server.url}/reviews`);
    await page.getByLabel("Nome", { exact: true }).fill("Paola");
    await page.getByLabel("La tua esperienza").fill("Due clic, una recensione.");
    await page.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }).check();
    await waitForFillTime(page);
    const posts = postsFrom(page);
    await page.getByRole("button", { name: "Invia recensione" }).click();
    await page.getByRole("button", { name: "Invia recensione" }).click();
    zod.release();

    await expectToast(page, "Recensione aggiunta con successo");
    await expect(reviewCard(page, "Paola")).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test("if it cannot be fetched, the submit goes to the server, which answers with the same message", async ({
    page,
  }) => {
    const zod = await holdZod(page, { fail: true });
    await gotoHydrated(page, `${server.url}/reviews`);
    zod.release();
    // A post sooner than a person could fill the form gets the neutral answer meant for bots.
    await waitForFillTime(page);
    const posts = postsFrom(page);
    await page.getByRole("button", { name: "Invia recensione" }).click();

    await expectToast(page, REQUIRED);
    await expect(page.locator(".review-form__status")).toHaveText(REQUIRED);
    expect(posts).toHaveLength(1);
    expect(zod.requests.length).toBeGreaterThanOrEqual(1);

    // Back online: the next touch of the form fetches the check, and the browser checks again.
    await page.unroute(zodScript);
    const fetched = page.waitForResponse((response) => zodScript.test(new URL(response.url()).pathname));
    await page.getByLabel("La tua esperienza").click();
    expect((await fetched).ok()).toBe(true);
    await page.getByLabel("La tua esperienza").fill("Testo");
    await page.getByLabel("Nome", { exact: true }).fill("Paola");
    await page.getByRole("button", { name: "Invia recensione" }).click();
    await expect(page.locator(".review-form__status")).toHaveText("Per pubblicare la recensione serve il tuo consenso");
    expect(posts).toHaveLength(1);
  });
});

test.describe("without JavaScript, the server checks the same schema", () => {
  test.use({ javaScriptEnabled: false });

  test("password change: the refused post comes back with the message under its field", async ({ page }) => {
    await signInAsAdmin(page, server);
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
