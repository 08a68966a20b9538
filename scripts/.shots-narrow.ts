import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";
import "./lib/load-app-modules.ts";
const { startAppServer, newDataDir } = await import("../tests/support/app-server.ts");
const { seedBooking } = await import("../tests/support/factory.ts");
const { ADMIN, adminCreate } = await import("../tests/support/admin.ts");
const { signInAsAdmin } = await import("../tests/support/admin-browser.ts");
const out = "/work/shots/h46-narrow";
const dataDir = newDataDir("shots-narrow-");
await seedBooking(dataDir);
adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email, "--new"], ADMIN.password);
const server = await startAppServer({ DATA_DIR: dataDir });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const width of [320, 390, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 844 } });
    await signInAsAdmin(page, server);
    await page.screenshot({ path: `${out}/admin-${width}.png` });
    if (width < 1000) {
      await page.locator(".admin-address-notice summary").click();
      await page.locator(".admin-menu summary").click();
      await page.screenshot({ path: `${out}/admin-menu-open-${width}.png`, fullPage: true });
    }
    await page.goto(`${server.url}/admin/contenuti/testi`);
    await page.screenshot({ path: `${out}/contenuti-testi-${width}.png` });
    await page.close();
  }
  const nojs = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  await signInAsAdmin(nojs, server);
  await nojs.goto(`${server.url}/admin/contenuti/testi`);
  await nojs.getByRole("button", { name: "Salva e pubblica" }).click();
  await nojs.screenshot({ path: `${out}/toast-bottom-390.png` });
} finally {
  await browser.close();
  await server.stop();
}
