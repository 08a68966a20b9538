// The pure half of `npm run service:install`: from the settings she gave (the command's environment)
// and the checkout's paths, the text of the systemd unit and of the environment file. No file is read
// or written here, so the same settings always give the same bytes (the installer writes only what
// differs) and the tests judge the unit with systemd-analyze.
import path from "node:path";
import { isDomainName } from "../../app/core/net/domain-name.ts";
import { SERVICE_ENV_FILE, SERVICE_NAME } from "../../app/features/site-status/settings-place.server.ts";

export { SERVICE_ENV_FILE, SERVICE_NAME };

export const SERVICE_USER = "studio";
/** Where the site keeps its data when she names no DATA_DIR (owned by the service's user). */
export const DEFAULT_DATA_DIR = `/var/lib/${SERVICE_NAME}/sito`;

export interface ServiceSettings {
  /** The settings written to the environment file, in a stable order; DATA_DIR always among them. */
  env: [string, string][];
  dataDir: string;
  /** Written by the site besides DATA_DIR (BACKUP_DIR elsewhere). */
  writablePaths: string[];
  siteUrl: URL;
}

export interface ServicePaths {
  /** The checkout: the unit's WorkingDirectory, where build/server/start.js is. */
  checkout: string;
  /** The Node 24 binary (the npm package `node`'s, as `npm start` runs it). */
  node: string;
  /** `npm start`'s environment and node flags (scripts/lib/start-command.ts). */
  start: { env: Record<string, string>; flags: string[] };
  user: string;
  envFile: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Settings that hold an e-mail address: each must have one (`a@b`, or `Nome <a@b>` for MAIL_FROM). */
const EMAIL_SETTINGS = ["MAIL_FROM", "MAIL_TO", "ACME_EMAIL"];
const emailAddress = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function hasEmail(value: string): boolean {
  const inBrackets = /<([^<>]*)>\s*$/.exec(value)?.[1];
  return emailAddress.test((inBrackets ?? value).trim());
}

/**
 * Reads her settings from the command's environment: only the names the site knows (`known`), none
 * empty, SITE_URL required and a domain's, e-mail addresses with their `@`. DATA_DIR is made
 * absolute (default DEFAULT_DATA_DIR): the service does not start in her shell's directory.
 */
export function parseServiceSettings(
  environment: Record<string, string | undefined>,
  known: readonly string[],
  cwd: string,
): Parsed<ServiceSettings> {
  const raw = environment.SITE_URL?.trim();
  if (!raw)
    return {
      ok: false,
      message:
        "manca SITE_URL: l'indirizzo del sito, ad esempio SITE_URL=https://studio-rossi.it npm run service:install",
    };
  let siteUrl: URL;
  try {
    siteUrl = new URL(raw);
  } catch {
    return { ok: false, message: `SITE_URL=${raw} non è un indirizzo: scrivere ad esempio https://studio-rossi.it` };
  }
  if (siteUrl.protocol !== "https:" && siteUrl.protocol !== "http:")
    return { ok: false, message: `SITE_URL=${raw} deve cominciare con https://` };
  if (!isDomainName(siteUrl.hostname))
    return {
      ok: false,
      message: `SITE_URL=${raw}: "${siteUrl.hostname}" non è un dominio (serve il nome registrato, ad esempio studio-rossi.it, non un indirizzo IP né localhost)`,
    };
  for (const name of EMAIL_SETTINGS) {
    const value = environment[name];
    if (value && !hasEmail(value))
      return { ok: false, message: `${name}=${value} non contiene un indirizzo e-mail (manca la @ o il dominio)` };
  }
  for (const [name, value] of Object.entries(environment)) {
    if (!known.includes(name) || value === undefined || value === "") continue;
    // One line per setting in the file: a line break in a value would start another setting.
    if (/[\r\n\0]/.test(value)) return { ok: false, message: `${name} contiene un a capo: scriverla su una riga sola` };
  }
  const dataDir = path.resolve(cwd, environment.DATA_DIR || DEFAULT_DATA_DIR);
  const chosen = known
    .filter((name) => environment[name] !== undefined && environment[name] !== "" && name !== "DATA_DIR")
    .map((name): [string, string] => [name, name === "SITE_URL" ? raw : environment[name]!]);
  const env: [string, string][] = [...chosen, ["DATA_DIR", dataDir] as [string, string]].sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  const backupDir = environment.BACKUP_DIR ? path.resolve(cwd, environment.BACKUP_DIR) : null;
  const writablePaths = [dataDir, ...(backupDir && !isInside(backupDir, dataDir) ? [backupDir] : [])];
  return { ok: true, value: { env, dataDir, writablePaths, siteUrl } };
}

function isInside(child: string, parent: string) {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** A double-quoted value of an environment file: backslash, quote, backquote and dollar escaped. */
const fileQuoted = (value: string) => `"${value.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`;

/** The environment file: one NAME="value" a line, read by systemd (EnvironmentFile=) and by `npm run doctor`. */
export function environmentFileText(settings: ServiceSettings): string {
  const lines = settings.env.map(([name, value]) => `${name}=${fileQuoted(value)}`);
  return `# Impostazioni del sito, scritte da npm run service:install.\n# Dopo una modifica: systemctl restart ${SERVICE_NAME}\n${lines.join("\n")}\n`;
}

/** A word of the unit's command line: quoted, with `$` and systemd's `%` specifiers escaped, when it needs it. */
function unitWord(word: string): string {
  if (!/[\s"'\\$%;]/.test(word)) return word;
  return `"${word
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/\$/g, "$$$$")
    .replace(/%/g, "%%")}"`;
}

/** Reads back an environment file written by `environmentFileText` (for `npm run doctor` on the machine). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z][A-Z0-9_]*)="((?:[^"\\]|\\.)*)"$/.exec(line.trim());
    if (match) settings[match[1]!] = match[2]!.replace(/\\(.)/g, "$1");
  }
  return settings;
}

/** Adds to `env` each setting of the environment file it does not set itself (the command's own win). */
export function fillFromEnvironmentFile(env: Record<string, string | undefined>, text: string): void {
  for (const [name, value] of Object.entries(parseEnvironmentFile(text)))
    if (env[name] === undefined) env[name] = value;
}

/**
 * The unit: the site's own supervisor run straight from node (no npm kept resident), as the
 * service's user, with only the capability to bind ports 80 and 443 and only its data writable.
 */
export function unitFileText(settings: ServiceSettings, paths: ServicePaths): string {
  const startEnv = Object.entries(paths.start.env).map(([name, value]) => `Environment=${name}=${value}`);
  const execStart = [paths.node, ...paths.start.flags, path.join(paths.checkout, "build/server/start.js")];
  // Home directories hidden, unless the checkout or the data live there (then read-only, the data writable).
  const inHome = [paths.checkout, ...settings.writablePaths].some((p) => /^\/(home|root)(\/|$)/.test(p));
  return `[Unit]
Description=Sito dello studio di nutrizione (${settings.siteUrl.host})
Documentation=file://${path.join(paths.checkout, "docs/going-live.md")}
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
User=${paths.user}
Group=${paths.user}
WorkingDirectory=${paths.checkout}
EnvironmentFile=${paths.envFile}
Environment=NODE_ENV=production
${startEnv.join("\n")}
ExecStart=${execStart.map(unitWord).join(" ")}
# systemctl reload: the supervisor starts new servers on the build on disk, then stops the old ones.
ExecReload=/bin/kill -HUP $MAINPID
# SIGTERM to the supervisor alone: it stops the servers, then PostgreSQL, within 10 s.
KillMode=mixed
TimeoutStopSec=20
Restart=on-failure
RestartSec=5
LimitNOFILE=65536
UMask=0077

# Ports 80 and 443 without root, and nothing else.
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=${settings.writablePaths.join(" ")}
ProtectHome=${inHome ? "read-only" : "yes"}
PrivateTmp=yes
PrivateMounts=yes
PrivateDevices=yes
DevicePolicy=closed
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
ProtectProc=invisible
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
KeyringMode=private
RemoveIPC=yes
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallFilter=~@privileged
SystemCallErrorNumber=EPERM
# Netlink: the machine's own addresses, for the site's status screen.
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK

[Install]
WantedBy=multi-user.target
`;
}
