import { spawnSync } from "node:child_process";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "../..");

export const ADMIN = { email: "admin@studio.test", password: "una-password-di-prova-2024" };

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run admin:create`'s script as an operator would, with the server's settings in `env`
 * and the password on standard input.
 */
export function adminCreate(env: Record<string, string>, args: string[], password = ""): CommandResult {
  const result = spawnSync(process.execPath, ["scripts/admin-create.ts", ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    input: password,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A real JPEG of the given size and colour (photos in tests must decode). */
export function jpeg(width = 640, height = 480, color = { r: 120, g: 160, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The media key inside an image URL (/media/recipe-photos/abc.webp → recipe-photos/abc). */
export function mediaKey(url: string): string {
  const match = url.match(/\/media\/([a-z-]+\/[A-Za-z0-9_-]+)\./);
  if (!match) throw new Error(`not a media URL: ${url}`);
  return match[1]!;
}

/** Signs in through the login form as a visitor would; the administrator's session cookie ("admin_session=…"). */
export async function adminSessionCookie(baseUrl: string, credentials = ADMIN): Promise<string> {
  const login = await fetch(`${baseUrl}/admin-login`, {
    method: "POST",
    body: new URLSearchParams(credentials),
    headers: { Origin: baseUrl },
    redirect: "manual",
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
  if (!cookie) throw new Error(`no session after signing in (${login.status})`);
  return cookie.split(";")[0]!;
}
