import { expect, test, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { totpCode } from "~/features/account/totp.server";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { endFirstRunSetup } from "../support/factory";

let server: AppServer;

test.beforeAll(async () => {
  const dataDir = newDataDir("e2e-account-");
  server = await startAppServer({ DATA_DIR: dataDir });
  // With the server running: the script hands the request to it.
  const created = adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password);
  expect(created.code, created.stderr).toBe(0);
  // Signing in is under test, not the first-run setup its first sign-in would open.
  await endFirstRunSetup(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

/** The sign-in with a second factor is under test here: through the login form. */
async function signIn(page: Page, password = ADMIN.password) {
  await page.goto(`${server.url}/admin-login`);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
}

test.describe
  .serial("account and security", () => {
    let secret = "";
    let recoveryCodes: string[] = [];

    test("two-factor sign-in: enrol with the QR code, confirm with a code, see ten recovery codes once", async ({
      page,
    }) => {
      await signInAsAdmin(page, server);
      await page.getByRole("link", { name: "Account e sicurezza" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account e sicurezza");
      await page.getByRole("button", { name: "Attiva la verifica in due passaggi" }).click();
      const qr = page.getByRole("img", { name: "Codice QR da scansionare con l'app di autenticazione" });
      await expect(qr).toBeVisible();
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
      secret = (await page.locator(".totp-enrol__secret code").textContent())!.replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);

      await page.getByLabel("Codice a 6 cifre").fill(totpCode(secret) === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Conferma e attiva" }).click();
      await expectToast(page, /Codice non valido/);

      await page.getByLabel("Codice a 6 cifre").fill(totpCode(secret));
      await page.getByRole("button", { name: "Conferma e attiva" }).click();
      await expectToast(page, "Verifica in due passaggi attivata. Conserva i codici di recupero.");
      await expect(page.locator(".recovery-codes__list li")).toHaveCount(10);
      recoveryCodes = await page.locator(".recovery-codes__list li").allTextContents();
      await expect(page.getByText(/^Attiva/)).toBeVisible();
      await page.reload();
      await expect(page.locator(".recovery-codes__list")).toHaveCount(0);
      await expect(page.getByText("Codici di recupero ancora validi: 10.", { exact: false })).toBeVisible();
    });

    test("login then asks for the code; a wrong code is refused; the right one signs in", async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verifica in due passaggi");
      const code = page.getByLabel("Codice di verifica");
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await expect(code).toBeFocused();
      // Without the code the panel stays closed.
      await page.goto(`${server.url}/admin`);
      await expect(page).toHaveURL(`${server.url}/admin-login`);
      await page.getByLabel("Codice di verifica").fill("12345x");
      await page.getByRole("button", { name: "Verifica" }).click();
      await expectToast(page, "Codice non valido o già usato. Riprova.");
      await page.getByLabel("Codice di verifica").fill(totpCode(secret, Date.now() + 30_000));
      await page.getByRole("button", { name: "Verifica" }).click();
      await expect(page).toHaveURL(`${server.url}/admin`);
      await expectToast(page, "Login effettuato con successo!");
    });

    test("sessions list, 'disconnetti le altre sessioni', and a password change that needs the current password", async ({
      browser,
    }) => {
      // Two devices, each signing in with a recovery code (a TOTP code is good for one sign-in only).
      const phone = await (
        await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1" })
      ).newPage();
      const laptop = await (await browser.newContext()).newPage();
      for (const device of [phone, laptop]) {
        await signIn(device);
        await device.getByLabel("Codice di verifica").fill(recoveryCodes[device === phone ? 0 : 1]!);
        await device.getByRole("button", { name: "Verifica" }).click();
        await expect(device).toHaveURL(`${server.url}/admin`);
      }
      await laptop.goto(`${server.url}/admin/account`);
      await expect(laptop.getByText("Safari su iPhone")).toBeVisible();
      await expect(laptop.getByText("Questa sessione")).toHaveCount(1);
      await expect(laptop.getByText("Codici di recupero ancora validi: 8.", { exact: false })).toBeVisible();
      await laptop.getByRole("button", { name: "Disconnetti le altre sessioni" }).click();
      await expectToast(laptop, "Le altre sessioni sono state disconnesse");
      await expect(laptop.getByRole("heading", { name: "Sessioni attive (1)" })).toBeVisible();
      await phone.goto(`${server.url}/admin`);
      await expect(phone).toHaveURL(`${server.url}/admin-login`);

      await laptop.getByLabel("Password attuale", { exact: true }).fill("non-quella-giusta");
      await laptop.getByLabel("Nuova password", { exact: true }).fill("una-nuova-password-lunga");
      await laptop.getByLabel("Ripeti la nuova password").fill("una-nuova-password-lunga");
      await laptop.getByRole("button", { name: "Cambia password" }).click();
      await expectToast(laptop, "La password attuale non è corretta");
      await laptop.getByLabel("Password attuale", { exact: true }).fill(ADMIN.password);
      await laptop.getByLabel("Nuova password", { exact: true }).fill("corta");
      await laptop.getByLabel("Ripeti la nuova password").fill("corta");
      await laptop.getByRole("button", { name: "Cambia password" }).click();
      await expectToast(laptop, "La password deve avere almeno 10 caratteri");
      await laptop.getByLabel("Password attuale", { exact: true }).fill(ADMIN.password);
      await laptop.getByLabel("Nuova password", { exact: true }).fill("una-nuova-password-lunga");
      await laptop.getByLabel("Ripeti la nuova password").fill("una-nuova-password-lunga");
      await laptop.getByRole("button", { name: "Cambia password" }).click();
      await expectToast(laptop, "Password aggiornata. Le altre sessioni sono state disconnesse.");
      await expect(laptop.getByLabel("Password attuale", { exact: true })).toHaveValue("");

      // The old password no longer works; the new one does (then the second factor).
      await signIn(phone);
      await expectToast(phone, "Email o password non corretti");
      await signIn(phone, "una-nuova-password-lunga");
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Verifica in due passaggi");
      await phone.close();
      await laptop.close();
    });
  });
