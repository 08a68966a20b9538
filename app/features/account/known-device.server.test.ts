import { describe, expect, it } from "vitest";
import type { AdminUser } from "./schema";
import { createKnownDevices } from "./known-device.server";

const SITE = "https://www.studio.test";
const user = (id: string, passwordHash: string) => ({ id, passwordHash }) as AdminUser;
const her = user("00000000-0000-0000-0000-000000000001", "scrypt$65536$8$2$c2FsZQ$aGFzaA");

/** The Cookie header a browser sends back for a Set-Cookie value. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const request = (cookie?: string, url = `${SITE}/admin-login`) =>
  new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

describe("known browser cookie (admin_device)", () => {
  const devices = createKnownDevices("segreto-di-prova");

  it("is set for the whole site (the sign-in posts to /admin-login.data too), a year, httpOnly, Secure over HTTPS", async () => {
    const set = await devices.issue(request(), her);
    expect(set).toMatch(/^admin_device=/);
    expect(set).toMatch(/Path=\/;/);
    expect(set).toMatch(/Max-Age=31536000/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Secure/);
    expect(await devices.issue(request(undefined, "http://127.0.0.1:3000/admin-login"), her)).not.toMatch(/Secure/);
  });

  it("recognizes the browser for the account it signed in to, until that account's password changes", async () => {
    const cookie = cookieOf(await devices.issue(request(), her));
    const device = await devices.recognizes(request(cookie), her);
    expect(device).toMatch(/^[\w-]{22}$/);
    // Signing in again keeps the browser's device id; another browser gets its own.
    expect(await devices.recognizes(request(cookieOf(await devices.issue(request(cookie), her))), her)).toBe(device);
    expect(await devices.recognizes(request(cookieOf(await devices.issue(request(), her))), her)).not.toBe(device);
    expect(
      await devices.recognizes(request(cookie), user("00000000-0000-0000-0000-000000000002", her.passwordHash)),
    ).toBeNull();
    expect(
      await devices.recognizes(request(cookie), { ...her, passwordHash: "scrypt$65536$8$2$bnVvdm8$bnVvdmE" }),
    ).toBeNull();
    expect(await devices.recognizes(request(cookie), undefined)).toBeNull();
  });

  it("does not recognize a forged, tampered or foreign-signed cookie, nor none", async () => {
    const cookie = cookieOf(await devices.issue(request(), her));
    const [name, value] = cookie.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    const unsigned = `admin_device=${Buffer.from(JSON.stringify({ user: her.id, stamp: "x", device: "y" })).toString("base64")}`;
    const otherSite = cookieOf(await createKnownDevices("un-altro-segreto").issue(request(), her));
    for (const header of [tampered, unsigned, otherSite, "admin_device=", undefined]) {
      expect(await devices.recognizes(request(header), her), String(header)).toBeNull();
    }
  });
});
