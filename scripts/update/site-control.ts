// How the update reaches the running site: restarts it through systemd when service:install made its
// unit and it runs, or through its supervisor's reload (SIGHUP, server/reload.ts); waits until
// /readyz reports the wanted commit.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { reloadFile, sitePidFile } from "../../app/core/server/site-version.server.ts";
import { SERVICE_NAME } from "../service/service-files.ts";

export type RestartWay = { kind: "systemd" } | { kind: "signal"; pid: number } | { kind: "none" };

const UNIT_FILE = `/etc/systemd/system/${SERVICE_NAME}.service`;

function systemdRunsSite(): boolean {
  if (!existsSync(UNIT_FILE) || !existsSync("/run/systemd/system")) return false;
  try {
    execFileSync("systemctl", ["is-active", "--quiet", SERVICE_NAME], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The supervisor's pid, when its process still runs this site (a pid file may outlive its process). */
export function runningSupervisor(dataDir: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(sitePidFile(dataDir), "utf8")));
    if (!Number.isInteger(pid) || pid <= 1) return null;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    const state = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (state.slice(state.lastIndexOf(")") + 2).startsWith("Z")) return null;
    return command.includes("start.js") ? pid : null;
  } catch {
    return null;
  }
}

export function restartWay(dataDir: string): RestartWay {
  if (systemdRunsSite()) return { kind: "systemd" };
  const pid = runningSupervisor(dataDir);
  return pid ? { kind: "signal", pid } : { kind: "none" };
}

/** Restarts the site on the code now in the checkout; returns when it was asked (not when it is ready). */
export function restartSite(way: RestartWay): number {
  const askedAt = Date.now();
  if (way.kind === "systemd") execFileSync("systemctl", ["restart", SERVICE_NAME], { stdio: "inherit" });
  else if (way.kind === "signal") process.kill(way.pid, "SIGHUP");
  return askedAt;
}

export function stopSiteForRestore(way: RestartWay): void {
  // The supervisor's old servers keep serving during a restore (it waits for their locks); a service
  // restarting in a loop on a failed version would not.
  if (way.kind === "systemd") execFileSync("systemctl", ["stop", SERVICE_NAME], { stdio: "inherit" });
}

export function startSiteAfterRestore(way: RestartWay): number {
  if (way.kind === "systemd") {
    const askedAt = Date.now();
    execFileSync("systemctl", ["start", SERVICE_NAME], { stdio: "inherit" });
    return askedAt;
  }
  return restartSite(way);
}

/** The supervisor's last reload, when it ended after `since`. */
function reloadSince(dataDir: string, since: number): { outcome: string; message: string } | null {
  try {
    const record = JSON.parse(readFileSync(reloadFile(dataDir), "utf8")) as {
      at: string;
      outcome: string;
      message: string;
    };
    return Date.parse(record.at) >= since ? record : null;
  } catch {
    return null;
  }
}

export interface ReadyCheck {
  url: string;
  dataDir: string;
  timeoutMs: number;
  /** Restarted by the supervisor's reload: ready once that reload is done, not when old servers answer. */
  reloaded?: boolean;
}

/** Waits until /readyz answers 200 with `commit`; the reason otherwise. */
export async function waitForVersion(check: ReadyCheck, commit: string, askedAt: number): Promise<string | null> {
  const deadline = Date.now() + check.timeoutMs;
  let last = "il sito non risponde";
  for (;;) {
    try {
      const response = await fetch(`${check.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      const body = (await response.json().catch(() => ({}))) as { version?: string };
      const reloadDone = !check.reloaded || reloadSince(check.dataDir, askedAt)?.outcome === "ok";
      if (response.ok && body.version === commit && reloadDone) return null;
      last = !response.ok
        ? `il sito risponde ${response.status} al controllo di prontezza (/readyz)`
        : body.version === commit
          ? "i nuovi processi del sito non hanno finito di partire"
          : `il sito risponde ancora con la versione ${String(body.version ?? "sconosciuta").slice(0, 12)}`;
    } catch {
      last = "il sito non risponde";
    }
    const reload = reloadSince(check.dataDir, askedAt);
    if (reload?.outcome === "failed") return reload.message;
    if (Date.now() > deadline) return `${last} dopo ${Math.round(check.timeoutMs / 1000)} secondi`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
