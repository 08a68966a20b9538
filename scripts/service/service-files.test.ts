import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { SETTING_NAMES } from "~/core/config/env.server";
import { isDomainName } from "~/core/net/domain-name";
import { startCommand } from "../lib/start-command.ts";
import {
  environmentFileText,
  parseEnvironmentFile,
  parseServiceSettings,
  SERVICE_NAME,
  unitFileText,
} from "./service-files.ts";

const run = promisify(execFile);
const checkout = path.resolve(import.meta.dirname, "../..");
/** The highest exposure `systemd-analyze security` may give the unit (measured: 1.9; never to be raised). */
const MAX_EXPOSURE = 1.9;

const herSettings = {
  SITE_URL: "https://studio-prova.it",
  SMTP_URL: 'smtp://sito:pa$$w"ord`x@smtp.example.it:587',
  MAIL_FROM: "Sito dello studio <sito@studio-prova.it>",
  DKIM_SELECTOR: "mail",
  // Not the site's: never copied into its file.
  HOME: "/root",
  PATH: "/usr/bin",
};

function settingsIn(dataDir: string, extra: Record<string, string> = {}) {
  const parsed = parseServiceSettings({ ...herSettings, DATA_DIR: dataDir, ...extra }, SETTING_NAMES, "/srv/studio");
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

async function unitInTempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "unit-"));
  const dataDir = path.join(dir, "data");
  await mkdir(dataDir);
  const settings = settingsIn(dataDir);
  const envFile = path.join(dir, "env");
  await writeFile(envFile, environmentFileText(settings), { mode: 0o640 });
  const unit = path.join(dir, `${SERVICE_NAME}.service`);
  await writeFile(
    unit,
    unitFileText(settings, { checkout, node: process.execPath, start: startCommand(), user: "studio", envFile }),
  );
  return unit;
}

describe("the unit service:install writes", () => {
  it("passes systemd-analyze verify with nothing on standard error", async () => {
    const unit = await unitInTempDir();
    const { stderr, stdout } = await run("systemd-analyze", ["verify", unit]);
    expect(stderr).toBe("");
    expect(stdout).toBe("");
  });

  it(`is exposed no more than ${MAX_EXPOSURE} by systemd-analyze security`, async () => {
    const unit = await unitInTempDir();
    const { stdout } = await run("systemd-analyze", [
      "security",
      "--offline=yes",
      `--threshold=${Math.round(MAX_EXPOSURE * 10)}`,
      unit,
    ]);
    const exposure = Number(/Overall exposure level for .*: (\d+\.\d)/.exec(stdout)?.[1]);
    expect(exposure).toBeLessThanOrEqual(MAX_EXPOSURE);
  });

  it("runs the site's own process as npm start does, with no npm kept resident", async () => {
    const settings = settingsIn("/var/lib/studio-nutrizione/sito");
    const start = startCommand();
    const unit = unitFileText(settings, {
      checkout,
      node: "/srv/studio/node_modules/node/bin/node",
      start,
      user: "studio",
      envFile: "/etc/x/env",
    });
    const execStart = /^ExecStart=(.*)$/m.exec(unit)![1]!;
    expect(execStart).toBe(
      ["/srv/studio/node_modules/node/bin/node", ...start.flags, path.join(checkout, "build/server/start.js")].join(
        " ",
      ),
    );
    expect(execStart).not.toMatch(/npm/);
    for (const [name, value] of Object.entries(start.env)) expect(unit).toContain(`Environment=${name}=${value}\n`);
    expect(unit).toMatch(/^User=studio$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^NoNewPrivileges=yes$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/studio-nutrizione\/sito$/m);
    expect(unit).toMatch(/^CapabilityBoundingSet=CAP_NET_BIND_SERVICE$/m);
    expect(unit).toMatch(/^AmbientCapabilities=CAP_NET_BIND_SERVICE$/m);
    // systemctl reload is the supervisor's own reload (server/reload.ts), sent to it alone.
    expect(unit).toMatch(/^ExecReload=\/bin\/kill -HUP \$MAINPID$/m);
  });

  it("keeps a backup folder outside the data writable too, and the home folders read-only when the checkout is there", () => {
    const settings = settingsIn("/var/lib/s", { BACKUP_DIR: "/mnt/copie" });
    const unit = unitFileText(settings, {
      checkout: "/home/anna/studio",
      node: "/usr/bin/node",
      start: startCommand(),
      user: "studio",
      envFile: "/e",
    });
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/s \/mnt\/copie$/m);
    expect(unit).toMatch(/^ProtectHome=read-only$/m);
    const elsewhere = unitFileText(settings, {
      checkout: "/srv/studio",
      node: "/usr/bin/node",
      start: startCommand(),
      user: "studio",
      envFile: "/e",
    });
    expect(elsewhere).toMatch(/^ProtectHome=yes$/m);
  });
});

describe("the environment file", () => {
  it("holds her settings and the data folder, nothing of the shell's, each value read back exactly", () => {
    const settings = settingsIn("relative/data");
    const text = environmentFileText(settings);
    expect(text).not.toMatch(/^(HOME|PATH)=/m);
    expect(parseEnvironmentFile(text)).toEqual({
      DATA_DIR: "/srv/studio/relative/data",
      DKIM_SELECTOR: "mail",
      MAIL_FROM: herSettings.MAIL_FROM,
      SITE_URL: herSettings.SITE_URL,
      SMTP_URL: herSettings.SMTP_URL,
    });
    // systemd's own double-quoted syntax: the password's $, " and ` escaped, never expanded.
    expect(text).toContain('SMTP_URL="smtp://sito:pa\\$\\$w\\"ord\\`x@smtp.example.it:587"');
  });

  it("is the same text, and the same unit, every time for the same settings (a second install changes nothing)", () => {
    const paths = { checkout, node: "/n", start: startCommand(), user: "studio", envFile: "/e" };
    const reordered = Object.fromEntries(Object.entries({ ...herSettings, DATA_DIR: "/d" }).reverse());
    const again = parseServiceSettings(reordered, SETTING_NAMES, "/elsewhere");
    if (!again.ok) throw new Error(again.message);
    expect(environmentFileText(again.value)).toBe(environmentFileText(settingsIn("/d")));
    expect(unitFileText(again.value, paths)).toBe(unitFileText(settingsIn("/d"), paths));
  });
});

describe("her settings refused before anything is written", () => {
  const refusal = (env: Record<string, string>) => {
    const parsed = parseServiceSettings(env, SETTING_NAMES, "/");
    return parsed.ok ? null : parsed.message;
  };

  it("a SITE_URL whose host is not a domain", () => {
    expect(refusal({ SITE_URL: "https://203.0.113.5" })).toMatch(/"203\.0\.113\.5" non è un dominio/);
    expect(refusal({ SITE_URL: "https://localhost:3000" })).toMatch(/non è un dominio/);
    expect(refusal({ SITE_URL: "https://studio" })).toMatch(/non è un dominio/);
    expect(refusal({ SITE_URL: "studio-rossi.it" })).toMatch(/non è un indirizzo/);
    expect(refusal({})).toMatch(/manca SITE_URL/);
    expect(refusal({ SITE_URL: "https://studio-rossi.it" })).toBeNull();
  });

  it("an e-mail without @", () => {
    expect(refusal({ SITE_URL: "https://a.it", MAIL_TO: "anna.studio.it" })).toBe(
      "MAIL_TO=anna.studio.it non contiene un indirizzo e-mail (manca la @ o il dominio)",
    );
    expect(refusal({ SITE_URL: "https://a.it", MAIL_FROM: "Sito <sito.a.it>" })).toMatch(/^MAIL_FROM=/);
    expect(refusal({ SITE_URL: "https://a.it", MAIL_FROM: "Sito <sito@a.it>" })).toBeNull();
  });

  it("tells domains from the rest", () => {
    for (const good of ["studio-prova.it", "www.anna-bianchi.com", "xn--caff-dsa.it"])
      expect(isDomainName(good)).toBe(true);
    for (const bad of ["localhost", "127.0.0.1", "[::1]", "studio", "-a.it", "a..it", "studio.local"])
      expect(isDomainName(bad)).toBe(false);
  });
});

describe("npm run service:install where systemd does not run", () => {
  // A root without /run/systemd/system, as in a container (and on this machine, whose PID 1 is not
  // systemd), whatever the machine running the test.
  const install = async (env: Record<string, string>) => {
    const root = await mkdtemp(path.join(os.tmpdir(), "no-systemd-"));
    const answer = await run(process.execPath, [path.join(checkout, "scripts/service-install.ts")], {
      env: { PATH: process.env.PATH, SERVICE_INSTALL_ROOT: root, ...env },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    return { ...answer, written: await readdir(root) };
  };

  it("refuses in one line where systemd is not running, and says how to run the site instead", async () => {
    const { code, stderr, written } = await install({
      SITE_URL: "https://studio-prova.it",
      DATA_DIR: "/tmp/never-made-x",
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Errore: systemd non è in esecuzione.*npm start/),
    ]);
    expect(existsSync("/tmp/never-made-x")).toBe(false);
    expect(written).toEqual([]);
  });

  it("refuses bad input with its Italian line before anything else", async () => {
    const { code, stderr } = await install({ SITE_URL: "https://192.168.1.20" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Errore: SITE_URL=https:\/\/192\.168\.1\.20: "192\.168\.1\.20" non è un dominio/);
    const settingRefused = await install({ SITE_URL: "https://studio-prova.it", BACKUP_TIME: "25:00" });
    expect(settingRefused.stderr).toMatch(/^Errore: impostazione non valida, niente è stato scritto: .*BACKUP_TIME/);
  });
});
