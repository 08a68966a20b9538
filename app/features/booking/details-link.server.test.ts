import { describe, expect, it } from "vitest";
import { createDetailsLinks } from "./details-link.server";

const id = "0b7e4c1a-3f5d-4e2a-9c8b-1d2e3f4a5b6c";
const now = new Date("2030-01-06T09:00:00Z");
const DAY = 86_400_000;

describe("the signed reference to a patient's details (/prenota?da=)", () => {
  const links = createDetailsLinks("the-site-secret");

  it("names its appointment until it expires, and nothing after", () => {
    const ref = links.ref(id, 7, now);
    expect(ref).not.toContain("@");
    expect(links.appointmentOf(ref, now)).toBe(id);
    expect(links.appointmentOf(ref, new Date(now.getTime() + 7 * DAY - 1000))).toBe(id);
    expect(links.appointmentOf(ref, new Date(now.getTime() + 7 * DAY))).toBeNull();
  });

  it("reads a tampered, forged or malformed reference as nothing", () => {
    const ref = links.ref(id, 7, now);
    const [appointment, expiry, signature] = ref.split(".") as [string, string, string];
    // Another appointment, a later expiry, an altered signature: each breaks the signature.
    const other = `${appointment.replace(/^0/, "1")}.${expiry}.${signature}`;
    expect(links.appointmentOf(other, now)).toBeNull();
    expect(links.appointmentOf(`${appointment}.${Number(expiry) + 86_400}.${signature}`, now)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(links.appointmentOf(`${appointment}.${expiry}.${flipped}`, now)).toBeNull();
    // Signed with another site's secret.
    expect(createDetailsLinks("another-secret").appointmentOf(ref, now)).toBeNull();
    for (const bad of [null, undefined, "", "x", `${ref}.`, `${ref}x`, "a".repeat(500)])
      expect(links.appointmentOf(bad, now)).toBeNull();
  });
});
