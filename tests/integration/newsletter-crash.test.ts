import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { rowsOf } from "~/core/db/rows";
import { afterAll, describe, expect, it } from "vitest";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createNewsletterRepository } from "~/features/newsletter/newsletter.server";
import { newDataDir, SERVER_ENTRY, startAppServer, type AppServer } from "../support/app-server";
import { seedNewsletterSubscribers } from "../support/factory";
import { descendants, isAlive } from "../support/processes";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const isServerProcess = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(SERVER_ENTRY);
  } catch {
    return false;
  }
};

/** Resolves once `done()` holds, polled; fails with `what` after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a newsletter's sending killed halfway", () => {
  let smtp: TestSmtpServer | undefined;
  let server: AppServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("sent to 200 subscribers, the server killed -9 halfway and restarted: each received it exactly once", async () => {
    // Not a first start: the migrated template cluster, without initdb and the migrations.
    const dataDir = newDataDir("newsletter-kill9-", { migrated: true });
    smtp = await startTestSmtpServer();
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Sito <sito@studio.test>",
      MAIL_TO: "studio@studio.test",
      SITE_URL: "https://www.studio.test",
      // A copy the killed worker had claimed is sent again after this, not after a minute.
      MAIL_LEASE_SECONDS: "10",
    };
    server = await startAppServer(env, 60_000);
    const database = await openSiteDatabase({ dataDir });
    let emails: string[];
    try {
      emails = await seedNewsletterSubscribers(database.db, 200);
      const repo = createNewsletterRepository(database.db);
      const id = await repo.saveDraft({
        subject: "Newsletter di prova",
        body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Ciao!" }] }] },
      });
      expect(await repo.start(id)).toBe(true);
    } finally {
      await database.close();
    }
    const received = () => smtp!.received.filter((mail) => mail.parsed.subject === "Newsletter di prova");
    // Halfway: some copies arrived, not all (60 are queued every 10 s).
    await until(
      () => received().length >= 20,
      90_000,
      () => `no copies within 90 s:\n${server!.output().slice(-2000)}`,
    );
    const processes = descendants(server.process.pid!).filter(isServerProcess);
    for (const pid of [server.process.pid!, ...processes]) process.kill(pid, "SIGKILL");
    await server.stop();
    await until(
      () => !processes.some(isAlive),
      15_000,
      () => "server processes left after the kill",
    );
    const atKill = received().length;
    expect(atKill).toBeLessThan(200);

    server = await startAppServer(env, 60_000);
    // The rest: copies a killed worker had claimed are tried again after their lease (10 s here).
    await until(
      () => received().length >= 200,
      240_000,
      () => `${received().length} of 200 copies (${atKill} at the kill):\n${server!.output().slice(-2000)}`,
    );
    // And the outbox has nothing left to send (a copy sent twice would have come by now).
    const after = await openSiteDatabase({ dataDir });
    try {
      await until(
        async () => {
          const [row] = rowsOf<{ waiting: number }>(
            await after.db.execute(
              sql`select count(*)::int as waiting from mail_outbox where sent_at is null and failed_at is null`,
            ),
          );
          return row?.waiting === 0;
        },
        120_000,
        () => "the outbox still holds copies to send",
      );
    } finally {
      await after.close();
    }
    const recipients = received().map((mail) => mail.parsed.to?.[0]?.address ?? "");
    expect(recipients.sort()).toEqual(emails);
  }, 420_000);
});
