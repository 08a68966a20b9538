import { expect, type Page } from "@playwright/test";
import { ADMIN } from "./admin";

/** Signs in through the login page, as the administrator would, and lands on the panel. */
export async function signInAsAdmin(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(`${baseUrl}/admin`);
}
