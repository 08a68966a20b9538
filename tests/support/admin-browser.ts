import { expect, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { createSessionStore, SESSION_COOKIE } from "~/features/account/sessions.server";
import { adminUsers } from "~/features/account/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { ADMIN } from "./admin";
import type { AppServer } from "./app-server";

/**
 * Signs the administrator in for a test that is not about signing in: a signed-in session made in
 * the server's database by the session store the login uses, its cookie put in the page's browser
 * context, and the panel opened. The login itself is tested through its form (admin.spec.ts,
 * admin-account.spec.ts). The account must exist (`adminCreate`).
 */
export async function signInAsAdmin(page: Page, server: Pick<AppServer, "url" | "dataDir">) {
  const database = await openSiteDatabase({ dataDir: server.dataDir });
  let token: string;
  try {
    const [user] = await database.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.email, ADMIN.email));
    if (!user) throw new Error(`no account ${ADMIN.email} in ${server.dataDir}: run adminCreate first`);
    ({ token } = await createSessionStore(database.db).create({ userId: user.id, verified: true }));
  } finally {
    await database.close();
  }
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin`);
}

/** Publishes a "Contenuti del sito" form and waits until the editor shows the next version. */
export async function saveAndPublish(page: Page, button = "Salva e pubblica") {
  const status = page.locator(".content-editor__status strong");
  const before = Number(await status.textContent());
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(status).toHaveText(String(before + 1));
}

/** Renames her first studio in "Contenuti del sito" (signed in) and publishes it. */
export async function renameFirstStudio(page: Page, server: Pick<AppServer, "url" | "dataDir">, name: string) {
  await signInAsAdmin(page, server);
  await page.goto(`${server.url}/admin/contenuti/studi`);
  await page.getByRole("group", { name: "Studio 1", exact: true }).getByLabel("Nome dello studio").fill(name);
  await saveAndPublish(page);
}
