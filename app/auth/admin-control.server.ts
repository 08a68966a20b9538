import { createHash } from "node:crypto";
import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "~/db/database.server";
import { AccountInputError, createAdminAccounts } from "./accounts.server";

/**
 * `npm run admin:create` while the server runs on the embedded database: only
 * the server may open that database (see pglite-lock.server.ts), so the
 * script asks the server, over a Unix socket in the data directory. The
 * socket is the owner's only (mode 0600): whoever can connect could already
 * read and write the database files next to it. Nothing listens on the network.
 */
export const controlCommandSchema = z.object({
  command: z.literal("set-password"),
  email: z.string().max(320),
  password: z.string().max(1000),
  resetTwoFactor: z.boolean().default(false),
});
export type ControlCommand = z.input<typeof controlCommandSchema>;

export type ControlReply = { ok: true; created: boolean; email: string } | { ok: false; error: string };

/** Unix socket paths are limited to ~107 bytes; a long data directory gets a hashed name in the temp dir. */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), "admin.sock");
  if (Buffer.byteLength(inside) < 100) return inside;
  const hash = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `studio-admin-${hash}.sock`);
}

export async function runControlCommand(db: Db, raw: unknown): Promise<ControlReply> {
  const parsed = controlCommandSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "Comando non valido" };
  try {
    const { created, user } = await createAdminAccounts(db).setPassword(parsed.data.email, parsed.data.password, {
      resetTwoFactor: parsed.data.resetTwoFactor,
    });
    return { ok: true, created, email: user.email };
  } catch (error) {
    if (error instanceof AccountInputError) return { ok: false, error: error.message };
    throw error;
  }
}

export interface AdminControl {
  path: string;
  close(): Promise<void>;
}

export async function listenAdminControl(dataDir: string, db: Db, logger: Logger): Promise<AdminControl> {
  const socketPath = controlSocketPath(dataDir);
  // We hold the database lock, so a socket file left here is a previous run's.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 16_384) return socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline < 0) return;
      socket.pause();
      let request: unknown;
      try {
        request = JSON.parse(buffer.slice(0, newline));
      } catch {
        request = null;
      }
      runControlCommand(db, request)
        .then(
          (reply) => {
            if (reply.ok) logger.info({ created: reply.created }, "admin account set from the command line");
            return reply;
          },
          (error: unknown): ControlReply => {
            logger.error({ err: error }, "admin control command failed");
            return { ok: false, error: "Errore interno del server (vedi il log)" };
          },
        )
        .then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Sends one command to the running server; rejects when nothing answers on the socket. */
export function sendControlCommand(dataDir: string, command: ControlCommand, timeoutMs = 15_000): Promise<ControlReply> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(controlSocketPath(dataDir));
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("the server did not answer in time")));
    socket.on("connect", () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on("data", (chunk: string) => (buffer += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as ControlReply);
      } catch {
        reject(new Error("unreadable answer from the server"));
      }
    });
  });
}
