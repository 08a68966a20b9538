// npm run service:install's own steps, under another root (SERVICE_INSTALL_ROOT) with systemctl,
// id and useradd standing in for the machine's (this machine's PID 1 is not systemd): what it
// writes, and that a second run with the same settings writes and restarts nothing.
import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "service-install.ts");
let site: http.Server;
let port: number;

beforeAll(async () => {
  // The site, as the service would start it: answering /healthz.
  site = http.createServer((req, res) => res.writeHead(req.url === "/healthz" ? 200 : 404).end());
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

/** A root with systemd "running", and the commands the installer calls, each logging its arguments. */
async function fakeMachine() {
  const root = await mkdtemp(path.join(os.tmpdir(), "service-root-"));
  await mkdir(path.join(root, "run/systemd/system"), { recursive: true });
  const bin = path.join(root, "bin");
  await mkdir(bin);
  const log = path.join(root, "calls.log");
  const fake = async (name: string, body: string) => {
    await writeFile(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${log}"\n${body}\n`);
    await chmod(path.join(bin, name), 0o755);
  };
  await fake("useradd", `touch "${root}/user-made"`);
  await fake("id", `[ -e "${root}/user-made" ] || exit 1; echo 0`);
  // is-active answers as the unit's state: started by start or restart.
  await fake(
    "systemctl",
    `case "$1" in start|restart) touch "${root}/active";; is-active) [ -e "${root}/active" ] || exit 3;; esac`,
  );
  const calls = async () => (await readFile(log, "utf8").catch(() => "")).trim().split("\n").filter(Boolean);
  return { root, bin, calls, dataDir: path.join(root, "var/lib/sito") };
}

function install(machine: { root: string; bin: string }, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [script],
      { env: { PATH: `${machine.bin}:${process.env.PATH}`, SERVICE_INSTALL_ROOT: machine.root, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe("npm run service:install's steps", () => {
  it("installs once, then changes and restarts nothing when run again; a new setting restarts it, the others kept", async () => {
    const machine = await fakeMachine();
    const settings = {
      SITE_URL: "https://studio-prova.it",
      // A proxy of hers in front: the wait asks the site's own port.
      TRUST_PROXY: "1",
      PORT: String(port),
      DATA_DIR: machine.dataDir,
    };
    const envFile = path.join(machine.root, "etc/studio-nutrizione/env");
    const unitFile = path.join(machine.root, "etc/systemd/system/studio-nutrizione.service");

    const first = await install(machine, settings);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(await machine.calls()).toEqual([
      "id -u studio",
      expect.stringMatching(
        /^useradd --system --user-group --home-dir .*\/var\/lib\/sito --no-create-home --shell \/usr\/sbin\/nologin studio$/,
      ),
      "id -u studio",
      "id -g studio",
      "systemctl daemon-reload",
      "systemctl enable studio-nutrizione.service",
      "systemctl is-active --quiet studio-nutrizione.service",
      "systemctl start studio-nutrizione.service",
    ]);
    expect(first.stdout).toContain("Il sito risponde: https://studio-prova.it");
    expect((await stat(envFile)).mode & 0o777).toBe(0o640);
    expect((await stat(path.dirname(envFile))).mode & 0o777).toBe(0o750);
    expect((await stat(machine.dataDir)).mode & 0o777).toBe(0o750);
    expect(await readFile(unitFile, "utf8")).toContain("EnvironmentFile=/etc/studio-nutrizione/env\n");
    const written = { env: await stat(envFile), unit: await stat(unitFile) };

    const again = await install(machine, settings);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("già installato così: nulla è cambiato");
    const secondCalls = (await machine.calls()).slice(8);
    expect(secondCalls).toEqual([
      "id -u studio",
      "id -u studio",
      "id -g studio",
      "systemctl enable studio-nutrizione.service",
      "systemctl is-active --quiet studio-nutrizione.service",
    ]);
    expect((await stat(envFile)).mtimeMs).toBe(written.env.mtimeMs);
    expect((await stat(unitFile)).mtimeMs).toBe(written.unit.mtimeMs);

    // Only the new setting given: the installed ones stay, and the site restarts onto them.
    const added = await install(machine, { PORT: String(port), MAIL_TO: "anna@studio-prova.it" });
    expect(added.code).toBe(0);
    expect((await machine.calls()).at(-1)).toBe("systemctl restart studio-nutrizione.service");
    const text = await readFile(envFile, "utf8");
    expect(text).toContain('MAIL_TO="anna@studio-prova.it"');
    expect(text).toContain('SITE_URL="https://studio-prova.it"');
    expect(text).toContain('TRUST_PROXY="1"');
  }, 60_000);

  it("writes nothing on bad input", async () => {
    const machine = await fakeMachine();
    const { code, stderr } = await install(machine, { SITE_URL: "https://10.0.0.1", DATA_DIR: machine.dataDir });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Errore: SITE_URL=https:\/\/10\.0\.0\.1: "10\.0\.0\.1" non è un dominio/);
    expect(await machine.calls()).toEqual([]);
    await expect(stat(path.join(machine.root, "etc"))).rejects.toThrow();
    await expect(stat(machine.dataDir)).rejects.toThrow();
  });
});
