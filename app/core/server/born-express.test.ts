import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { bornExpress } from "./born-express";

describe("bornExpress", () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it("gives the server's requests and responses Express's prototypes before Express sees them, and Express still answers", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.get("/who", (req, res) => {
      res.json({ ip: req.ip, secure: req.secure, path: req.path });
    });
    const seen: { request: boolean; response: boolean; socket: boolean }[] = [];
    const server = createServer(bornExpress(app), (req: IncomingMessage, res) => {
      seen.push({
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
        socket: req.socket === res.socket,
      });
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/who?x=1`, {
      headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ip: "203.0.113.9", secure: true, path: "/who" });
    expect(seen).toEqual([{ request: true, response: true, socket: true }]);
  });
});
