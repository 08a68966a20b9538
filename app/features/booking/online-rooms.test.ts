import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { BOOKING_SETTINGS_MESSAGES as M } from "./messages";
import { newRoomName, roomAddressFor } from "./online-rooms.server";
import { onlineRoomSchema } from "./settings-schema";

// Item 7: the name of a room made per appointment, and the room settings' form.

describe("a room's name, made per appointment", () => {
  it("is 128 random bits in lower-case base32: 26 letters and digits, a new one each time", () => {
    const names = Array.from({ length: 2000 }, newRoomName);
    for (const name of names) expect(name).toMatch(/^[a-z2-7]{26}$/);
    // 26 base32 characters carry 130 bits; the last one holds only 3 of the 128, so it takes 8 values at most.
    expect(new Set(names.map((name) => name.at(-1))).size).toBeLessThanOrEqual(8);
    expect(new Set(names).size).toBe(names.length);
  });

  it("spreads over every symbol of each position: no fixed part to guess", () => {
    const names = Array.from({ length: 2000 }, newRoomName);
    for (let position = 0; position < 25; position++)
      expect(new Set(names.map((name) => name[position])).size).toBe(32);
  });

  it("goes after the video server's address; her own room is the same address for everyone", () => {
    const server = { kind: "per_visit" as const, url: "https://meet.jit.si/" };
    expect(roomAddressFor(server, () => "abc")).toBe("https://meet.jit.si/abc");
    expect(roomAddressFor({ kind: "per_visit", url: "https://video.example.it/stanze" }, () => "abc")).toBe(
      "https://video.example.it/stanze/abc",
    );
    const first = roomAddressFor(server);
    const second = roomAddressFor(server);
    expect(first).toMatch(/^https:\/\/meet\.jit\.si\/[a-z2-7]{26}$/);
    expect(second).not.toBe(first);
    const own = { kind: "own" as const, url: "https://zoom.us/j/123456789?pwd=abc" };
    expect(roomAddressFor(own)).toBe(own.url);
    expect(roomAddressFor(own)).toBe(roomAddressFor(own));
  });
});

describe("the online room's form", () => {
  const id = "00000000-0000-4000-8000-000000000001";
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "online-room", visitTypeId: id, ...fields }))
      form.set(key, value);
    return parseSubmission(form, onlineRoomSchema);
  };
  const errorOf = (fields: Record<string, string>) => {
    const submission = parse(fields);
    return submission.status === "error" ? submission.error : undefined;
  };

  it("takes an https room or server with a provider's name", () => {
    expect(parse({ kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" })).toMatchObject({
      status: "success",
      value: { kind: "per_visit", url: "https://meet.jit.si", providerName: "Jitsi Meet" },
    });
    expect(
      parse({ kind: "own", url: "https://us02web.zoom.us/j/8123456789?pwd=abc", providerName: "Zoom" }),
    ).toMatchObject({ status: "success" });
    expect(parse({ kind: "none", url: "", providerName: "" })).toMatchObject({ status: "success" });
  });

  it("refuses plain http, a login in the address, a server with a query, no provider, each in Italian", () => {
    expect(errorOf({ kind: "own", url: "http://meet.jit.si/stanza", providerName: "Jitsi" })).toEqual({
      url: [M.roomUrl],
    });
    expect(errorOf({ kind: "own", url: "https://io:segreta@meet.example.it/x", providerName: "Jitsi" })).toEqual({
      url: [M.roomUrl],
    });
    expect(errorOf({ kind: "own", url: "javascript:alert(1)", providerName: "Jitsi" })).toEqual({
      url: [M.roomUrl],
    });
    expect(errorOf({ kind: "per_visit", url: "https://meet.jit.si/?x=1", providerName: "Jitsi" })).toEqual({
      url: [M.roomServer],
    });
    expect(errorOf({ kind: "per_visit", url: "https://meet.jit.si", providerName: "" })).toEqual({
      providerName: [M.roomProvider],
    });
    expect(errorOf({ kind: "per_visit", url: "", providerName: "Jitsi" })).toEqual({ url: [M.roomUrl] });
  });
});
