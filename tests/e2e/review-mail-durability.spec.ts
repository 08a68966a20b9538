import { expect, test } from "../support/e2e-test";
import { newDataDir, freePort, startAppServer, type AppServer } from "../support/app-server";
import { deliveryState, type OutboxReader, openOutbox } from "../support/outbox";
import { postReview, uniqueName } from "../support/reviews";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

// The first retry comes 15 s after a failed attempt: these tests wait for it.
// A message claimed by the killed server waits for its lease to run out (MAIL_LEASE_SECONDS below).
test.describe.configure({ timeout: 180_000 });

let smtp: TestSmtpServer | undefined;
const servers: AppServer[] = [];
const outboxes: OutboxReader[] = [];
test.afterEach(async () => {
  for (const outbox of outboxes.splice(0)) await outbox.close();
  for (const server of servers.splice(0)) await server.stop();
  await smtp?.stop();
});

async function outboxOf(dataDir: string): Promise<OutboxReader> {
  const outbox = await openOutbox(dataDir);
  outboxes.push(outbox);
  return outbox;
}

const mailEnv = (smtpServer: TestSmtpServer) => ({
  SMTP_URL: smtpServer.url,
  MAIL_FROM: "sito@studio.test",
  MAIL_TO: "dottoressa@studio.test",
});
const subjectFor = (name: string) => `Nuova recensione pubblicata: ${name} (5/5)`;

/**
 * Waits until the outbox marks the notice sent, then counts what the SMTP server received. Once a
 * row is marked sent no worker claims it again, so a second copy could only have come before.
 */
async function expectSentOnce(outbox: OutboxReader, subject: string) {
  await expect
    .poll(async () => (await outbox.withSubject(subject)).map((row) => deliveryState(row).sent), { timeout: 30_000 })
    .toEqual([true]);
  expect(smtp!.received).toHaveLength(1);
}

test("the mail server is down when a review arrives: the notice is delivered once it is back, exactly once", async () => {
  smtp = await startTestSmtpServer(await freePort(), { listen: false });
  const server = await startAppServer(mailEnv(smtp));
  servers.push(server);
  const outbox = await outboxOf(server.dataDir);
  const name = uniqueName("Giù");
  expect(await postReview(server.url, { name })).toBe(303);
  // Tried, refused (nothing listens), and kept for a later attempt: not sent, not given up.
  await expect
    .poll(async () => (await outbox.withSubject(subjectFor(name))).map(deliveryState), { timeout: 30_000 })
    .toEqual([{ sent: false, givenUp: false, failedAttempt: true }]);

  await smtp.start();
  const [mail] = await smtp.waitFor(1, 60_000);
  expect(mail!.parsed.subject).toBe(subjectFor(name));
  await expectSentOnce(outbox, subjectFor(name));
});

test("the mail server answers 4xx first: the notice is retried and arrives once", async () => {
  smtp = await startTestSmtpServer();
  smtp.refuseNext(1);
  const server = await startAppServer(mailEnv(smtp));
  servers.push(server);
  const outbox = await outboxOf(server.dataDir);
  const name = uniqueName("Riprova");
  expect(await postReview(server.url, { name })).toBe(303);
  const [mail] = await smtp.waitFor(1, 60_000);
  expect(mail!.parsed.subject).toBe(subjectFor(name));
  await expectSentOnce(outbox, subjectFor(name));
});

test("the server is killed after saving a review and before sending: the notice goes out after the restart, once", async () => {
  smtp = await startTestSmtpServer(await freePort(), { listen: false });
  const dataDir = newDataDir("e2e-mail-kill-");
  // The lease shortened from its minute, as the settings allow: the test is about who sends it.
  const env = { ...mailEnv(smtp), DATA_DIR: dataDir, MAIL_LEASE_SECONDS: "10" };
  const first = await startAppServer(env, 60_000);
  const name = uniqueName("Riavvio");
  expect(await postReview(first.url, { name })).toBe(303);
  await first.stop("SIGKILL");

  await smtp.start();
  // Saved with the review and still owed: with no server running nothing can send it meanwhile.
  const outbox = await outboxOf(dataDir);
  const held = await outbox.withSubject(subjectFor(name));
  expect(held.map((row) => ({ sent: row.sentAt !== null, givenUp: row.failedAt !== null }))).toEqual([
    { sent: false, givenUp: false },
  ]);
  const second = await startAppServer(env, 60_000);
  servers.push(second);
  const [mail] = await smtp.waitFor(1, 100_000);
  expect(mail!.parsed.subject).toBe(subjectFor(name));
  await expectSentOnce(outbox, subjectFor(name));
  // The review itself was saved before the kill.
  expect(await (await fetch(`${second.url}/reviews`)).text()).toContain(name);
});
