// npm run service:install (as root, where systemd runs): the site as a systemd service that survives
// reboots. Makes the system user, writes her settings (this command's environment, over those already
// installed) to an environment
// file only that user may read, writes the hardened unit (scripts/service/service-files.ts), enables
// and starts it, and waits until the site answers. Run again, it changes nothing: files are written
// only when their text differs, and the service restarted only then.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { chmod, chown, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { startCommand } from "./lib/start-command.ts";
import {
  environmentFileText,
  parseEnvironmentFile,
  parseServiceSettings,
  SERVICE_ENV_FILE,
  SERVICE_NAME,
  SERVICE_USER,
  type ServiceSettings,
  unitFileText,
} from "./service/service-files.ts";
import "./lib/load-app-modules.ts";

const checkout = path.resolve(import.meta.dirname, "..");
// Everything under another root when SERVICE_INSTALL_ROOT says so (as make's DESTDIR: packaging, the
// tests); the unit still names the real paths.
const ROOT = process.env.SERVICE_INSTALL_ROOT ?? "/";
const ENV_FILE = path.join(ROOT, SERVICE_ENV_FILE);
const ENV_DIR = path.dirname(ENV_FILE);
const UNIT_FILE = path.join(ROOT, `/etc/systemd/system/${SERVICE_NAME}.service`);
const ANSWER_WITHIN_MS = 180_000;
const BUILD = path.join(checkout, "build/server/index.js");

function fail(message: string): never {
  console.error(`Errore: ${message}`);
  process.exit(1);
}

const { SETTING_NAMES } = await import("../app/core/config/env.server.ts");
// Run again (an update), the settings already installed stay unless this command sets them anew.
const installed = (() => {
  try {
    return parseEnvironmentFile(readFileSync(ENV_FILE, "utf8"));
  } catch {
    return {};
  }
})();
const parsed = parseServiceSettings({ ...installed, ...process.env }, SETTING_NAMES, process.cwd());
if (!parsed.ok) fail(parsed.message);
const settings = parsed.value;
// The same checks the site makes at start, so that a bad value stops here rather than in a loop of restarts.
{
  const { loadConfig } = await import("../app/core/config/env.server.ts");
  try {
    loadConfig(Object.fromEntries(settings.env));
  } catch (error) {
    fail(`impostazione non valida, niente è stato scritto: ${(error as Error).message}`);
  }
}

if (!existsSync(path.join(ROOT, "run/systemd/system")))
  fail(
    "systemd non è in esecuzione su questa macchina (un container?): qui il sito si avvia con `npm start`, " +
      "tenuto in vita dal gestore del container (ad esempio docker run --restart unless-stopped).",
  );
if (process.getuid?.() !== 0)
  fail("serve l'amministratore della macchina: sudo --preserve-env npm run service:install (o da root).");

// The service's user reads the checkout: every directory above it must let others through.
for (let dir = checkout; dir !== "/"; dir = path.dirname(dir)) {
  if ((statSync(dir).mode & 0o001) === 0)
    fail(
      `l'utente ${SERVICE_USER} non può entrare in ${dir} (permessi ${(statSync(dir).mode & 0o777).toString(8)}): ` +
        "clonare il sito in una cartella come /srv/studio (git clone … /srv/studio) e lanciare il comando da lì.",
    );
}

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"] });
const userExists = () => {
  try {
    run("id", ["-u", SERVICE_USER]);
    return true;
  } catch {
    return false;
  }
};

if (!userExists()) {
  run("useradd", [
    "--system",
    "--user-group",
    "--home-dir",
    settings.dataDir,
    "--no-create-home",
    "--shell",
    "/usr/sbin/nologin",
    SERVICE_USER,
  ]);
  console.log(`Creato l'utente di sistema ${SERVICE_USER}.`);
}
const uid = Number(run("id", ["-u", SERVICE_USER]).toString());
const gid = Number(run("id", ["-g", SERVICE_USER]).toString());

// The site's build, made as root once here: the service's user cannot write the checkout. A new
// build (after a git pull) is a change too: the running site restarts onto it.
const builtAt = () => (existsSync(BUILD) ? statSync(BUILD).mtimeMs : 0);
const before = builtAt();
run(process.execPath, [path.join(checkout, "scripts/build-if-stale.ts")]);
const buildChanged = builtAt() !== before;

/** Writes `text` at `file` only when it differs (through a temporary file: never half-written). */
async function writeIfChanged(file: string, text: string, mode: number, owner: [number, number]): Promise<boolean> {
  const before = await readFile(file, "utf8").catch(() => null);
  if (before !== text) {
    const temporary = `${file}.tmp-${process.pid}`;
    await writeFile(temporary, text, { mode });
    await chown(temporary, ...owner);
    await rename(temporary, file);
  }
  await chmod(file, mode);
  await chown(file, ...owner);
  return before !== text;
}

async function ownedDirectory(dir: string) {
  // The directories above it stay root's, open to pass through; the data itself is the site's alone.
  await mkdir(path.dirname(dir), { recursive: true, mode: 0o755 });
  await mkdir(dir, { recursive: true, mode: 0o750 });
  if (statSync(dir).uid !== uid) run("chown", ["-R", `${uid}:${gid}`, dir]);
  await chmod(dir, 0o750);
}

await mkdir(ENV_DIR, { recursive: true });
await chown(ENV_DIR, 0, gid);
await chmod(ENV_DIR, 0o750);
// root:studio 0640: the site reads its settings, and cannot rewrite them.
const envChanged = await writeIfChanged(ENV_FILE, environmentFileText(settings), 0o640, [0, gid]);
const unit = unitFileText(settings, {
  checkout,
  node: realpathSync(process.execPath),
  start: startCommand(),
  user: SERVICE_USER,
  envFile: SERVICE_ENV_FILE,
});
await mkdir(path.dirname(UNIT_FILE), { recursive: true });
const unitChanged = await writeIfChanged(UNIT_FILE, unit, 0o644, [0, 0]);
for (const dir of settings.writablePaths) await ownedDirectory(dir);

const systemctl = (...args: string[]) => run("systemctl", args);
if (unitChanged) systemctl("daemon-reload");
systemctl("enable", `${SERVICE_NAME}.service`);
const active = (() => {
  try {
    systemctl("is-active", "--quiet", `${SERVICE_NAME}.service`);
    return true;
  } catch {
    return false;
  }
})();
if (!active) systemctl("start", `${SERVICE_NAME}.service`);
else if (envChanged || unitChanged || buildChanged) systemctl("restart", `${SERVICE_NAME}.service`);
console.log(
  envChanged || unitChanged || buildChanged || !active
    ? `Servizio ${SERVICE_NAME} installato e avviato; attendo che il sito risponda…`
    : `Servizio ${SERVICE_NAME} già installato così: nulla è cambiato. Controllo che risponda…`,
);

if (await answers(settings, ANSWER_WITHIN_MS))
  console.log(`Il sito risponde: ${settings.siteUrl.origin}. Controllo completo: npm run doctor`);
else
  fail(
    `il sito non risponde ancora ${settings.siteUrl.protocol === "https:" ? "in HTTPS " : ""}dopo ${ANSWER_WITHIN_MS / 1000} s. ` +
      `Il perché: npm run doctor, e journalctl -u ${SERVICE_NAME} -n 50`,
  );

/** Polls the site on this machine (its domain sent, as a visitor's browser would) until /healthz answers 200. */
async function answers(s: ServiceSettings, withinMs: number): Promise<boolean> {
  const env = Object.fromEntries(s.env);
  const port = Number(env.PORT ?? 3000);
  const secure = s.siteUrl.protocol === "https:" && !env.TRUST_PROXY && env.TLS !== "off";
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const status = await new Promise<number>((resolve) => {
      const options = {
        host: "127.0.0.1",
        port: secure ? 443 : port,
        path: "/healthz",
        servername: s.siteUrl.hostname,
        headers: { Host: s.siteUrl.host },
        timeout: 5_000,
        // A certificate browsers trust, unless she chose another CA (a company's, a test one).
        rejectUnauthorized: !env.ACME_CA,
      };
      const request = (secure ? https : http).get(options, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(0));
    });
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return false;
}
