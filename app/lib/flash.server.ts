import { z } from "zod";

/** A toast to show on the next page, carried across a redirect (also without JavaScript). */
export const flashSchema = z.object({
  kind: z.enum(["success", "error", "message"]),
  message: z.string().max(300),
});
export type Flash = z.infer<typeof flashSchema>;

const COOKIE = "flash";

export function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export const clearFlashCookie = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

export function readFlash(request: Request): Flash | null {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)flash=([A-Za-z0-9_-]+)/);
  if (!match) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
