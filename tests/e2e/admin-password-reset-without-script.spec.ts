import { expect, test } from "../support/e2e-test";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { createPasswordResetRepository } from "~/features/account/password-resets.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { ADMIN } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { endFirstRunSetup } from "../support/factory";

// The new-password form posted by the browser itself (no script), as it does before the
// page's scripts arrive. Its page's Referrer-Policy decides what the browser sends as Origin.
let server: AppServer;
const NEW_PASSWORD = "nuova-password-senza-script";

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-reset-no-script-", { admin: true });
  // Signing in is under test, not the first-run setup its first sign-in would open.
  await endFirstRunSetup(dataDir);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(() => server?.stop());

/** A fresh reset link, made by the repository the "Password dimenticata?" form uses (its e-mail is tested elsewhere). */
async function resetLink(): Promise<string> {
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const user = await createAdminAccounts(database.db).findByEmail(ADMIN.email);
    const { token } = await createPasswordResetRepository(database.db).create(user!.id);
    return `${server.url}/admin-login/nuova-password?token=${token}`;
  } finally {
    await database.close();
  }
}

test("without JavaScript, a new password from a reset link is saved and the sign-in page says so", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const posted: (string | null)[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.headers().origin ?? null);
  });
  await page.goto(await resetLink());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli una nuova password");
  await page.getByLabel("Nuova password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Ripeti la nuova password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salva la nuova password" }).click();

  await expect(page).toHaveURL(`${server.url}/admin-login`);
  await expect(page.getByText("Password aggiornata. Accedi con la nuova password.")).toBeVisible();
  // The browser named our own site as the form's origin (with "no-referrer" it sent "null": refused with 403).
  expect(posted).toEqual([server.url]);

  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);
  await context.close();
});

test("the new-password form still refuses a post from another site, or from an opaque origin", async () => {
  const link = await resetLink();
  for (const origin of ["https://evil.example", "null"]) {
    const answer = await fetch(link, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: new URL(link).searchParams.get("token")!,
        next: "rubata-1234567",
        confirm: "rubata-1234567",
      }),
      redirect: "manual",
    });
    expect(answer.status, origin).toBe(403);
    expect(await answer.text(), origin).toContain("Richiesta non consentita");
  }
  // The link was not used up by the refused posts.
  const page = await fetch(link);
  expect(await page.text()).toContain("Scegli una nuova password");
});
