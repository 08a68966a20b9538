// npm run doctor [-- --email-prova INDIRIZZO]: everything a real address needs, checked from this
// machine (the same checks as the admin's "Stato del sito"): the domain's and www.'s records, ports
// 80 and 443, the certificate, the mail domain's MX, SPF, DKIM and DMARC, the mail server, free disk,
// the last backup, memory, Node. Each failure says what to change and where. Exit 1 when one failed.
//
// On a machine where `npm run service:install` ran, the service's settings file fills what this
// command's environment does not set (run it with sudo to read it).
import { parseArgs } from "node:util";
import "./lib/load-app-modules.ts";
import { fail, loadCommandConfig } from "./lib/command.ts";

const usage = `Uso: npm run doctor [-- --email-prova INDIRIZZO]

Controlla da questa macchina tutto ciò che serve al sito su un indirizzo vero e dice, per ogni
controllo non riuscito, cosa cambiare e dove. Con --email-prova manda un'e-mail di prova a
INDIRIZZO (senza, accede soltanto al server di posta). Esce con 1 se un controllo non è riuscito.`;

let values: { "email-prova"?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { "email-prova": { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${usage}`, 2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const testTo = values["email-prova"];
if (testTo !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(testTo))
  fail(`--email-prova ${testTo}: non è un indirizzo e-mail (manca la @ o il dominio).`, 2);

const { settingsWhere } = await import("../app/features/site-status/settings-place.server.ts");
// The service's settings (its file) come in through loadCommandConfig, as for every command.
const config = await loadCommandConfig();
const [{ checkSite, countFailed }, { listBackups }] = await Promise.all([
  import("../app/features/site-status/site-status.server.ts"),
  import("../app/features/backups/backup-files.server.ts"),
]);
const [newest] = await listBackups(config.backup.dir).catch(() => []);
console.log(
  `Controllo di ${config.siteUrl}${config.siteChecks.dnsServer ? ` (DNS: ${config.siteChecks.dnsServer})` : ""}…`,
);
const groups = await checkSite({
  siteUrl: config.siteUrl,
  dataDir: config.dataDir,
  siteChecks: config.siteChecks,
  mail: config.mail,
  backup: {
    last: newest ? { at: newest.modifiedAt, name: newest.name } : null,
    nightlyOff: config.backup.time === null,
    dir: config.backup.dir,
  },
  settingsWhere: settingsWhere(),
  smtp: testTo ? { sendTo: testTo } : "login",
});

const mark = { ok: "✔", warning: "!", failed: "✘" } as const;
for (const group of groups) {
  console.log(`\n${group.title}`);
  for (const check of group.checks) {
    console.log(`  ${mark[check.state]} ${check.title}: ${check.detail}`);
    if (check.fix) console.log(`      Cosa fare: ${check.fix}`);
  }
}
const failures = countFailed(groups);
console.log(
  failures === 0
    ? "\nTutto a posto."
    : `\n${failures} ${failures === 1 ? "controllo non riuscito" : "controlli non riusciti"}.`,
);
process.exit(failures === 0 ? 0 : 1);
