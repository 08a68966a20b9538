import { createCookie } from "react-router";
import { z } from "zod";
import { deriveKey } from "../config/secrets.server";

/** A toast to show on the next page, carried across a redirect (also without JavaScript). */
const flashSchema = z.object({
  kind: z.enum(["success", "error", "message"]),
  message: z.string().max(300),
});
export type Flash = z.infer<typeof flashSchema>;

const COOKIE = "flash";
const options = { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 } as const;

/** Over HTTPS (directly, or through a trusted proxy) every cookie we set is Secure. */
const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * The flash cookie, signed (HMAC) so nobody can put words in the site's mouth
 * through a crafted cookie. A forged, tampered or malformed cookie reads as no flash.
 */
export function createFlashStore(secret: string) {
  const key = deriveKey(secret, "flash-cookie").toString("base64url");
  const plain = createCookie(COOKIE, { ...options, secrets: [key] });
  const secure = createCookie(COOKIE, { ...options, secure: true, secrets: [key] });
  const cookieFor = (request: Request) => (isHttps(request) ? secure : plain);
  return {
    /** The Set-Cookie value that shows `flash` on the next page this browser loads. */
    set(request: Request, flash: Flash): Promise<string> {
      return cookieFor(request).serialize(flash);
    },
    async read(request: Request): Promise<Flash | null> {
      try {
        const parsed = flashSchema.safeParse(await cookieFor(request).parse(request.headers.get("cookie")));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    /** The Set-Cookie value that removes it once shown. */
    clear(request: Request): Promise<string> {
      return cookieFor(request).serialize("", { maxAge: 0 });
    },
  };
}

export type FlashStore = ReturnType<typeof createFlashStore>;
