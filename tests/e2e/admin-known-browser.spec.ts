import { expect, test, type Page } from "../support/e2e-test";
import { eq } from "drizzle-orm";
import { ACCOUNT_FAILURE_RULE, emailKey } from "~/features/account/login.server";
import { rateLimitHits } from "~/core/db/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { ADMIN } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { endFirstRunSetup } from "../support/factory";

// Decision 45: strangers who fill the account's failure limit do not keep her out of the
// browser she signs in from, with the page's own scripts (it posts to /admin-login.data) and without.
let server: AppServer;

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-known-browser-", { admin: true });
  // Signing in is under test, not the first-run setup its first sign-in would open.
  await endFirstRunSetup(dataDir);
  server = await startAppServer({ DATA_DIR: dataDir });
});
test.afterAll(() => server?.stop());

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin-login`);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
}

/**
 * The account's limit empty, or full as a hundred strangers' wrong passwords leave it (the same rows
 * the sign-in counts; tests/integration/login-pressure.test.ts sends the hundred passwords themselves).
 */
async function setAccountLimit(full: boolean) {
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  try {
    const { key } = emailKey(ADMIN.email);
    await database.db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    if (full) {
      await database.db.insert(rateLimitHits).values(Array.from({ length: ACCOUNT_FAILURE_RULE.max }, () => ({ key })));
    }
  } finally {
    await database.close();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: her browser signs in past a full account limit, a new browser is asked for the code`, async ({
    browser,
  }) => {
    await setAccountLimit(false);
    const hers = await browser.newContext({ javaScriptEnabled });
    const page = await hers.newPage();
    await signIn(page);
    await expect(page).toHaveURL(`${server.url}/admin`);
    // Signed out since (the session cookie gone), the browser kept.
    await hers.clearCookies({ name: "admin_session" });

    await setAccountLimit(true);
    await signIn(page);
    await expect(page).toHaveURL(`${server.url}/admin`);

    const stranger = await browser.newContext({ javaScriptEnabled });
    const other = await stranger.newPage();
    await signIn(other);
    await expect(other.getByText(/Troppi tentativi di accesso non riusciti per questo account/).first()).toBeVisible();
    await expect(other.getByLabel(/Codice di verifica/)).toBeVisible();
    await expect(other).toHaveURL(`${server.url}/admin-login`);
    await stranger.close();
    await hers.close();
  });
}
