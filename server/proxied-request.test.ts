import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrustProxySetting } from "~/core/config/env.server";
import { proxiedRequest } from "./proxied-request";

// Our reading of a request against Express's own getters, Express compiling the same setting
// itself: the kept page's fast path reads requests this way, so an Express upgrade that reads
// them otherwise fails here.
const settings: TrustProxySetting[] = [
  false,
  true,
  0,
  1,
  2,
  ["loopback"],
  ["uniquelocal"],
  ["127.0.0.1/8", "10.0.0.0/8"],
];

const requests: Record<string, string>[] = [
  {},
  { "X-Forwarded-Proto": "https" },
  { "X-Forwarded-Proto": " https , http" },
  { "X-Forwarded-Proto": "http" },
  { "X-Forwarded-Host": "studio-rossi.it" },
  { "X-Forwarded-Host": "studio-rossi.it:8443" },
  { "X-Forwarded-Host": "studio-rossi.it , altro.example" },
  { "X-Forwarded-Host": "[2001:db8::1]:8443" },
  { Host: "[::1]:3000" },
  { "X-Forwarded-For": "203.0.113.9" },
  { "X-Forwarded-For": "203.0.113.9, 10.0.0.2", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "a.example" },
  { "X-Forwarded-For": "not an address" },
];

describe("proxiedRequest reads a request as Express does", () => {
  const servers: Server[] = [];
  const urls = new Map<string, string>();

  beforeAll(async () => {
    for (const setting of settings) {
      const proxied = proxiedRequest(setting);
      const reference = express();
      reference.set("trust proxy", setting);
      reference.get("/", (req, res) => {
        res.json({
          express: { secure: req.secure, hostname: req.hostname ?? null, address: req.ip ?? null },
          ours: {
            secure: proxied.secure(req),
            hostname: proxied.hostname(req) ?? null,
            address: proxied.clientAddress(req),
          },
        });
      });
      const server = createServer(reference);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      urls.set(JSON.stringify(setting), `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    }
  });
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  it.each(settings.map((setting) => [JSON.stringify(setting), setting] as const))(
    "TRUST_PROXY %s: the same secure, hostname and client address",
    async (_name, setting) => {
      for (const headers of requests) {
        const { express: theirs, ours } = (await (
          await fetch(urls.get(JSON.stringify(setting))!, { headers })
        ).json()) as {
          express: unknown;
          ours: unknown;
        };
        expect({ headers, reading: ours }).toEqual({ headers, reading: theirs });
      }
    },
  );

  it("trusts a forwarded HTTPS only from a trusted peer", async () => {
    const read = async (setting: TrustProxySetting) =>
      (await (
        await fetch(urls.get(JSON.stringify(setting))!, { headers: { "X-Forwarded-Proto": "https" } })
      ).json()) as {
        ours: { secure: boolean };
      };
    expect((await read(["loopback"])).ours.secure).toBe(true);
    expect((await read(["uniquelocal"])).ours.secure).toBe(false);
    expect((await read(false)).ours.secure).toBe(false);
  });
});
