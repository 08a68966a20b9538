import { type AppServer, startAppServer } from "./app-server";
import { endFirstRunSetup } from "./factory";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp";

/** The address the site's links are made with (SITE_URL) on a site started here. */
export const MAIL_SITE_URL = "https://www.studio.test";

/**
 * A site's production server on `dataDir`, which holds its administrator (ADMIN: `newDataDir(prefix,
 * { admin: true })`), sending its mail to a test SMTP server of its own. `env` adds to or overrides
 * the server's settings.
 */
export async function startSiteWithMail(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ server: AppServer; smtp: TestSmtpServer }> {
  // A site already set up: its first sign-in goes to the panel (the setup: first-run-setup.spec.ts).
  await endFirstRunSetup(dataDir);
  const smtp = await startTestSmtpServer();
  try {
    const server = await startAppServer({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Sito dello studio <sito@studio.test>",
      MAIL_TO: "studio@studio.test",
      SITE_URL: MAIL_SITE_URL,
      ...env,
    });
    return { server, smtp };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
}
