import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Db } from "~/core/db/database.server";
import { createFlashStore } from "~/core/forms/flash.server";
import { createSessionStore } from "~/features/account/sessions.server";

const flash = createFlashStore("test-secret");
import { servicesContext } from "~/context";
import type { AppServices } from "~/services.server";
import { action } from "./admin-logout";

function context(db: unknown) {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, {
    config: { siteUrl: "http://localhost:3000" },
    sessions: createSessionStore(db as Db),
    logger: pino({ level: "silent" }),
    flash,
  } as unknown as AppServices);
  return provider;
}

const logout = (db: unknown, origin = "http://localhost:3000") =>
  action({
    request: new Request("http://localhost:3000/admin-logout", {
      method: "POST",
      headers: { Origin: origin, Cookie: `admin_session=${"t".repeat(43)}` },
    }),
    context: context(db),
    params: {},
  } as never) as Promise<Response>;

const flashOf = (response: Response) =>
  flash.read(
    new Request("http://x/", {
      headers: {
        Cookie: response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    }),
  );

describe("logout", () => {
  it("deletes the session, clears the cookie and says so on /home", async () => {
    let deleted = false;
    const db = { delete: () => ({ where: async () => void (deleted = true) }) };
    const response = await logout(db);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/home");
    expect(deleted).toBe(true);
    expect(response.headers.getSetCookie().some((c) => /^admin_session=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await flashOf(response)).toEqual({ kind: "success", message: "Logout effettuato con successo" });
  });

  it("still clears the cookie but reports 'Errore durante il logout' when the database fails", async () => {
    const db = { delete: () => ({ where: async () => Promise.reject(new Error("connection lost")) }) };
    const response = await logout(db);
    expect(response.headers.get("location")).toBe("/home");
    expect(response.headers.getSetCookie().some((c) => /^admin_session=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await flashOf(response)).toEqual({ kind: "error", message: "Errore durante il logout" });
  });

  it("refuses a request from another site", async () => {
    await expect(logout({}, "https://evil.example")).rejects.toMatchObject({ init: { status: 403 } });
  });
});
