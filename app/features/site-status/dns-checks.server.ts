// The records a real address needs, asked of one DNS server (DNS_SERVER, or the machine's own): the
// domain's and www.'s A/AAAA pointing here, and the mail domain's MX, SPF, DKIM and DMARC.
import { Resolver } from "node:dns/promises";
import { refused, type Result, succeeded } from "~/core/result";
import { type Check, failed, passed, warned } from "./check";

/** Each question to the DNS server waits this long, twice at most. */
const QUERY_TIMEOUT_MS = 2_000;

export function dnsResolver(server: string | undefined): Resolver {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: 2 });
  if (server) resolver.setServers([server]);
  return resolver;
}

/** The records, or why the server gave none: it did not answer, or answered with an error (its code as detail). */
type Answer<T> = Result<T[], "unreachable" | "error", string>;

/** No such record (or no such name) is an empty answer; a server that cannot answer is another thing. */
async function ask<T>(query: () => Promise<T[]>): Promise<Answer<T>> {
  try {
    return succeeded(await query());
  } catch (error) {
    const code = (error as { code?: string }).code ?? "ERROR";
    if (code === "ENODATA" || code === "ENOTFOUND") return succeeded([]);
    return refused(code === "ETIMEOUT" || code === "ECONNREFUSED" ? "unreachable" : "error", code);
  }
}

const PANEL = "nel pannello DNS del dominio (presso chi te l'ha registrato)";

function dnsDown(key: string, title: string, name: string, answer: { reason: string; detail?: string }) {
  return failed(
    key,
    title,
    answer.reason === "unreachable"
      ? `Il server DNS non ha risposto alla domanda su ${name}.`
      : `Il server DNS non sa rispondere su ${name} (${answer.detail ?? "ERROR"}).`,
    "Riprova tra qualche minuto; se dura, controlla DNS_SERVER (o la rete di questa macchina).",
  );
}

/**
 * `name`'s A and AAAA records must all be among `ours` (and one at least): a browser may pick any of
 * them, and an IPv6 address elsewhere loses every visitor on IPv6.
 */
export async function addressCheck(resolver: Resolver, name: string, ours: string[]): Promise<Check> {
  const key = `dns-${name}`;
  const title = `Indirizzo di ${name}`;
  const [a, aaaa] = await Promise.all([ask(() => resolver.resolve4(name)), ask(() => resolver.resolve6(name))]);
  if (!a.ok) return dnsDown(key, title, name, a);
  if (!aaaa.ok) return dnsDown(key, title, name, aaaa);
  const mine = ours.length ? ours.join(", ") : "l'indirizzo IP di questa macchina (dal pannello del fornitore del VPS)";
  if (a.value.length === 0 && aaaa.value.length === 0)
    return failed(
      key,
      title,
      `Nessun record A per ${name}: il nome non porta da nessuna parte.`,
      `Aggiungi ${PANEL} un record A per ${name} con valore ${ours.find((x) => !x.includes(":")) ?? mine}.`,
    );
  const elsewhere = [
    ...a.value.filter((ip) => !ours.includes(ip)).map((ip) => ({ type: "A", ip })),
    ...aaaa.value.filter((ip) => !ours.includes(normalize6(ip))).map((ip) => ({ type: "AAAA", ip })),
  ];
  if (ours.length === 0)
    return warned(
      key,
      title,
      `${name} punta a ${[...a.value, ...aaaa.value].join(", ")}; gli indirizzi di questa macchina non sono noti.`,
      "Se la macchina è dietro un NAT, scrivi i suoi indirizzi pubblici in PUBLIC_ADDRESSES.",
    );
  if (elsewhere.length > 0) {
    const [first] = elsewhere;
    const wanted = first!.type === "A" ? ours.find((x) => !x.includes(":")) : ours.find((x) => x.includes(":"));
    return failed(
      key,
      title,
      `Il record ${first!.type} di ${name} vale ${first!.ip}, ma questa macchina è ${ours.join(", ")}.`,
      wanted
        ? `Cambia ${PANEL} il record ${first!.type} di ${name} in ${wanted}.`
        : `Cancella ${PANEL} il record ${first!.type} di ${name} (questa macchina non ha un indirizzo ${first!.type === "A" ? "IPv4" : "IPv6"}).`,
    );
  }
  return passed(key, title, `${name} punta a questa macchina (${[...a.value, ...aaaa.value].join(", ")}).`);
}

/** An IPv6 address as the interfaces list it (compressed, lower case), to compare with a record. */
function normalize6(ip: string): string {
  return ip.toLowerCase();
}

/** The mail domain's four records: where mail for it goes (MX), who may send it (SPF), its signature key (DKIM), its policy (DMARC). */
export async function mailDomainChecks(
  resolver: Resolver,
  domain: string,
  dkimSelector: string | undefined,
  settingsWhere: string,
): Promise<Check[]> {
  const [mx, txt, dkim, dmarc] = await Promise.all([
    ask(() => resolver.resolveMx(domain)),
    ask(() => resolver.resolveTxt(domain)),
    dkimSelector ? ask(() => resolver.resolveTxt(`${dkimSelector}._domainkey.${domain}`)) : null,
    ask(() => resolver.resolveTxt(`_dmarc.${domain}`)),
  ]);
  const joined = (records: string[][]) => records.map((chunks) => chunks.join(""));
  const checks: Check[] = [];

  if (!mx.ok) checks.push(dnsDown("mx", `Record MX di ${domain}`, domain, mx));
  else if (mx.value.length === 0)
    checks.push(
      failed(
        "mx",
        `Record MX di ${domain}`,
        `Nessun record MX per ${domain}: la posta per gli indirizzi @${domain} non arriva.`,
        `Aggiungi ${PANEL} i record MX che ti indica il fornitore della posta.`,
      ),
    );
  else
    checks.push(
      passed(
        "mx",
        `Record MX di ${domain}`,
        `La posta per @${domain} va a ${mx.value
          .sort((x, y) => x.priority - y.priority)
          .map((r) => r.exchange)
          .join(", ")}.`,
      ),
    );

  const spf = txt.ok ? joined(txt.value).filter((t) => /^v=spf1(\s|$)/i.test(t)) : [];
  if (!txt.ok) checks.push(dnsDown("spf", `Record SPF di ${domain}`, domain, txt));
  else if (spf.length === 1) checks.push(passed("spf", `Record SPF di ${domain}`, spf[0]!));
  else
    checks.push(
      failed(
        "spf",
        `Record SPF di ${domain}`,
        spf.length === 0
          ? `Nessun record SPF (TXT "v=spf1 …") per ${domain}: le caselle di posta scartano o mettono nello spam le e-mail del sito.`
          : `${spf.length} record SPF per ${domain}: ne vale uno solo, così nessuno è valido.`,
        spf.length === 0
          ? `Aggiungi ${PANEL} un record TXT per ${domain} con il valore SPF che ti indica il fornitore della posta (comincia con "v=spf1").`
          : `Unisci ${PANEL} i record TXT "v=spf1" di ${domain} in uno solo.`,
      ),
    );

  const dkimName = dkimSelector ? `${dkimSelector}._domainkey.${domain}` : "";
  if (!dkim)
    checks.push(
      warned(
        "dkim",
        "Firma DKIM",
        "Il selettore DKIM non è impostato: la firma delle e-mail non è stata controllata.",
        `Scrivi in DKIM_SELECTOR il selettore che ti indica il fornitore della posta (ad esempio "mail"), ${settingsWhere}.`,
      ),
    );
  else if (!dkim.ok) checks.push(dnsDown("dkim", `Firma DKIM (${dkimName})`, dkimName, dkim));
  else {
    const key = joined(dkim.value).find((t) => /(^|;)\s*p=/.test(t));
    const revoked = key !== undefined && /(^|;)\s*p=\s*(;|$)/.test(key);
    if (key && !revoked)
      checks.push(passed("dkim", `Firma DKIM (${dkimName})`, "La chiave pubblica DKIM è pubblicata."));
    else
      checks.push(
        failed(
          "dkim",
          `Firma DKIM (${dkimName})`,
          revoked
            ? `Il record DKIM ${dkimName} ha la chiave vuota (revocata).`
            : `Nessun record DKIM in ${dkimName}: le e-mail del sito non risultano firmate.`,
          `Aggiungi ${PANEL} il record TXT ${dkimName} che ti indica il fornitore della posta (contiene "p=…"), o correggi DKIM_SELECTOR ${settingsWhere}.`,
        ),
      );
  }

  const policy = dmarc.ok ? joined(dmarc.value).find((t) => /^v=DMARC1(;|\s|$)/i.test(t)) : undefined;
  if (!dmarc.ok) checks.push(dnsDown("dmarc", `Record DMARC di ${domain}`, `_dmarc.${domain}`, dmarc));
  else if (policy) checks.push(passed("dmarc", `Record DMARC di ${domain}`, policy));
  else
    checks.push(
      failed(
        "dmarc",
        `Record DMARC di ${domain}`,
        `Nessun record DMARC in _dmarc.${domain}: dal 2024 le grandi caselle di posta lo chiedono.`,
        `Aggiungi ${PANEL} un record TXT per _dmarc.${domain} con valore "v=DMARC1; p=none; rua=mailto:<il tuo indirizzo>".`,
      ),
    );
  return checks;
}
