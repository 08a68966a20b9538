import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { postReview, uniqueName } from "../support/reviews";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

// The first retry comes 15 s after a failed attempt: these tests wait for it.
// A message claimed by the killed server waits for its one-minute lease to run out.
test.describe.configure({ timeout: 180_000 });

let smtp: TestSmtpServer | undefined;
const servers: AppServer[] = [];
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  await smtp?.stop();
});

const mailEnv = (smtpServer: TestSmtpServer) => ({
  SMTP_URL: smtpServer.url,
  MAIL_FROM: "sito@studio.test",
  MAIL_TO: "dottoressa@studio.test",
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("the mail server is down when a review arrives: the notice is delivered once it is back, exactly once", async () => {
  smtp = await startTestSmtpServer(await freePort(), { listen: false });
  const server = await startAppServer(mailEnv(smtp));
  servers.push(server);
  const name = uniqueName("Giù");
  expect(await postReview(server.url, { name })).toBe(303);
  await sleep(2000);
  expect(smtp.received).toHaveLength(0);

  await smtp.start();
  const [mail] = await smtp.waitFor(1, 60_000);
  expect(mail!.parsed.subject).toBe(`Nuova recensione pubblicata: ${name} (5/5)`);
  await sleep(3000);
  expect(smtp.received).toHaveLength(1);
});

test("the mail server answers 4xx first: the notice is retried and arrives once", async () => {
  smtp = await startTestSmtpServer();
  smtp.refuseNext(1);
  const server = await startAppServer(mailEnv(smtp));
  servers.push(server);
  const name = uniqueName("Riprova");
  expect(await postReview(server.url, { name })).toBe(303);
  const [mail] = await smtp.waitFor(1, 60_000);
  expect(mail!.parsed.subject).toBe(`Nuova recensione pubblicata: ${name} (5/5)`);
  await sleep(3000);
  expect(smtp.received).toHaveLength(1);
});

test("the server is killed after saving a review and before sending: the notice goes out after the restart, once", async () => {
  smtp = await startTestSmtpServer(await freePort(), { listen: false });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-mail-kill-"));
  const first = await startAppServer({ ...mailEnv(smtp), DATA_DIR: dataDir }, 60_000);
  const name = uniqueName("Riavvio");
  expect(await postReview(first.url, { name })).toBe(303);
  await first.stop("SIGKILL");

  await smtp.start();
  await sleep(1000);
  expect(smtp.received).toHaveLength(0);
  const second = await startAppServer({ ...mailEnv(smtp), DATA_DIR: dataDir }, 60_000);
  servers.push(second);
  const [mail] = await smtp.waitFor(1, 100_000);
  expect(mail!.parsed.subject).toBe(`Nuova recensione pubblicata: ${name} (5/5)`);
  await sleep(3000);
  expect(smtp.received).toHaveLength(1);
  // The review itself was saved before the kill.
  expect(await (await fetch(`${second.url}/reviews`)).text()).toContain(name);
});
