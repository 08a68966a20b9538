import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DnsAnswers, startDnsAnswers } from "../tests/support/dns-answers";

const HOST = "studio-prova.it";
let dns: DnsAnswers;

beforeAll(async () => {
  dns = await startDnsAnswers();
});
afterAll(() => dns?.stop());

/** npm run doctor, as she runs it, against the DNS answers the test set. */
function doctor(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(import.meta.dirname, "doctor.ts"), ...args],
      { env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

it("names the record to fix, passes the right one, and exits 1 while one check fails", async () => {
  await dns.addA(HOST, ["203.0.113.5"]);
  await dns.setTxt(`_dmarc.${HOST}`, "v=DMARC1; p=none");
  const { code, stdout } = await doctor({
    SITE_URL: `https://${HOST}`,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "doctor-")),
    DNS_SERVER: dns.server,
    PUBLIC_ADDRESSES: "203.0.113.5",
  });
  expect(code).toBe(1);
  expect(stdout).toContain(`Controllo di https://${HOST} (DNS: ${dns.server})`);
  expect(stdout).toContain(`✔ Indirizzo di ${HOST}: ${HOST} punta a questa macchina (203.0.113.5).`);
  expect(stdout).toContain(`✘ Indirizzo di www.${HOST}: Nessun record A per www.${HOST}`);
  expect(stdout).toContain(
    `Cosa fare: Aggiungi nel pannello DNS del dominio (presso chi te l'ha registrato) un record A per www.${HOST} con valore 203.0.113.5.`,
  );
  expect(stdout).toContain(`✔ Record DMARC di ${HOST}: v=DMARC1; p=none`);
  expect(stdout).toMatch(/✘ Record SPF di studio-prova\.it: Nessun record SPF/);
  expect(stdout).toMatch(/\d+ controlli non riusciti\.$/m);
});

it("refuses a test address without @ in one Italian line", async () => {
  const { code, stderr } = await doctor({ SITE_URL: `https://${HOST}` }, ["--email-prova", "anna.studio.it"]);
  expect(code).toBe(2);
  expect(stderr.trim()).toBe(
    "Errore: --email-prova anna.studio.it: non è un indirizzo e-mail (manca la @ o il dominio).",
  );
});
