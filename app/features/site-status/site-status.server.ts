// Everything a real address needs, checked in one go: the one module behind `npm run doctor` and the
// admin's "Stato del sito". Every network check is bounded; the whole takes seconds, never minutes.
import os from "node:os";
import type { MailSettings, SiteCheckSettings } from "~/core/config/env.server";
import { isDomainName } from "~/core/net/domain-name";
import { bounded, type Check, failed, warned } from "./check";
import { addressCheck, dnsResolver, mailDomainChecks } from "./dns-checks.server";
import { certificateCheck, type FrontTarget, httpPortCheck, httpsPortCheck } from "./front-checks.server";
import { backupCheck, diskCheck, memoryCheck, nodeCheck } from "./machine-checks.server";
import { mailOff, smtpLoginCheck, smtpTestSend } from "./smtp-check.server";

const DNS_BOUND_MS = 10_000;
const FRONT_BOUND_MS = 8_000;
const SMTP_BOUND_MS = 30_000;

export interface SiteStatusInput {
  siteUrl: string;
  dataDir: string;
  siteChecks: SiteCheckSettings;
  mail: MailSettings | undefined;
  /** The newest backup file (the backups' own listing, composed by the caller). */
  backup: { last: { at: Date; name: string } | null; nightlyOff: boolean; dir: string };
  /** Where her settings are changed, for the fixes: "nel file …" or "nelle impostazioni del sito". */
  settingsWhere: string;
  /** The mail server: logged into, sent a test to an address, or left alone (the screen's loads). */
  smtp: "login" | { sendTo: string } | "skip";
  /** Where the front is reached, for tests; by default this machine on ports 80 and 443. */
  front?: Partial<Omit<FrontTarget, "host">>;
  /** This machine's addresses, for tests; by default PUBLIC_ADDRESSES or its interfaces'. */
  machineAddresses?: string[];
}

export interface StatusGroup {
  title: string;
  checks: Check[];
}

/** The machine's own addresses, as a DNS record would name them: every interface but loopback and link-local. */
export function interfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && !a.address.toLowerCase().startsWith("fe80:"))
    .map((a) => a!.address.toLowerCase());
}

export async function checkSite(input: SiteStatusInput): Promise<StatusGroup[]> {
  const url = new URL(input.siteUrl);
  const host = url.hostname;
  const domain = isDomainName(host);
  const resolver = dnsResolver(input.siteChecks.dnsServer);
  const ours =
    input.machineAddresses ??
    (input.siteChecks.publicAddresses.length ? input.siteChecks.publicAddresses : interfaceAddresses());
  const dnsLate = (key: string, title: string) => () =>
    failed(
      key,
      title,
      "Il server DNS non ha risposto in tempo.",
      "Riprova tra qualche minuto; se dura, controlla DNS_SERVER.",
    );

  const bare = host.replace(/^www\./, "");
  const names = domain ? [bare, `www.${bare}`] : [];
  const addresses = Promise.all(
    names.map((name) =>
      bounded(DNS_BOUND_MS, addressCheck(resolver, name, ours), dnsLate(`dns-${name}`, `Indirizzo di ${name}`)),
    ),
  );

  const target: FrontTarget = { host, address: "127.0.0.1", httpPort: 80, httpsPort: 443, ...input.front };
  const frontLate = (key: string, title: string) => () =>
    failed(
      key,
      title,
      "Nessuna risposta in tempo.",
      "Controlla che il sito sia avviato e che il firewall lasci passare la porta.",
    );
  const front =
    url.protocol === "https:" && domain
      ? Promise.all([
          bounded(FRONT_BOUND_MS, httpPortCheck(target), frontLate("port-http", `Porta ${target.httpPort}`)),
          bounded(FRONT_BOUND_MS, httpsPortCheck(target), frontLate("port-https", `Porta ${target.httpsPort}`)),
          bounded(
            FRONT_BOUND_MS,
            certificateCheck(target, input.dataDir),
            frontLate("certificate", `Certificato di ${host}`),
          ),
        ])
      : Promise.resolve([]);

  const mailDomain = mailDomainOf(input.mail?.from) ?? (domain ? bare : null);
  const mailRecords = mailDomain
    ? bounded(
        DNS_BOUND_MS,
        mailDomainChecks(resolver, mailDomain, input.siteChecks.dkimSelector, input.settingsWhere),
        () => [dnsLate("mail-dns", `Record di posta di ${mailDomain}`)()],
      )
    : Promise.resolve([]);

  const smtp = !input.mail
    ? Promise.resolve([mailOff(input.settingsWhere)])
    : input.smtp === "skip"
      ? Promise.resolve([])
      : bounded(
          SMTP_BOUND_MS,
          input.smtp === "login"
            ? smtpLoginCheck(input.mail, input.settingsWhere)
            : smtpTestSend(input.mail, input.smtp.sendTo, input.siteUrl, input.settingsWhere),
          frontLate("smtp", "Invio delle e-mail"),
        ).then((c) => [c]);

  const [addressChecks, frontChecks, mailChecks, smtpChecks, disk] = await Promise.all([
    addresses,
    front,
    mailRecords,
    smtp,
    diskCheck(input.dataDir),
  ]);
  const siteAddress: Check[] = domain
    ? []
    : [
        warned(
          "site-url",
          "Indirizzo del sito",
          `Il sito è su ${input.siteUrl}, non su un dominio: da internet non si raggiunge.`,
          `Scrivi SITE_URL=https://<il tuo dominio> ${input.settingsWhere}.`,
        ),
      ];
  const plainHttp: Check[] =
    domain && url.protocol !== "https:"
      ? [
          warned(
            "https",
            "HTTPS",
            `SITE_URL comincia con http://: il sito non ha un certificato e i browser lo segnano come non sicuro.`,
            `Scrivi SITE_URL=https://${url.host} ${input.settingsWhere}.`,
          ),
        ]
      : [];
  return [
    { title: "Dominio", checks: [...siteAddress, ...addressChecks] },
    { title: "HTTPS", checks: [...plainHttp, ...frontChecks] },
    { title: "Posta", checks: [...mailChecks, ...smtpChecks] },
    {
      title: "Macchina",
      checks: [
        disk,
        backupCheck(input.backup.last, input.backup.nightlyOff, input.backup.dir),
        memoryCheck(),
        nodeCheck(),
      ],
    },
  ].filter((group) => group.checks.length > 0);
}

/** The domain of MAIL_FROM's address ("Sito <sito@studio.it>" → studio.it). */
function mailDomainOf(from: string | undefined): string | null {
  if (!from) return null;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim().toLowerCase();
  return domain && isDomainName(domain) ? domain : null;
}

/** How many checks failed (the command's exit status, the screen's summary). */
export function countFailed(groups: StatusGroup[]): number {
  return groups.flatMap((g) => g.checks).filter((c) => c.state === "failed").length;
}
