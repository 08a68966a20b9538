import type { NextFunction, Request, Response } from "express";

/** How long the rest of a body left unread is still taken in after the answer. */
const DRAIN_MS = 30_000;

/**
 * A request answered before its body was read to its end (a form over its size, a method or an
 * origin refused before reading): once the answer is out, the rest of the body is read and thrown
 * away. Cutting the request instead, or closing the connection with bytes unread (the kernel then
 * sends a reset), made a client still sending see a reset and never the answer; and a body left
 * unread would stall the connection. A client still sending after `drainMs` is cut off. Not
 * `Connection: close` either: Node then destroys the socket as soon as the answer is written, with
 * the body's bytes still unread, and the client sees the reset again.
 */
export function drainUnreadBody(drainMs = DRAIN_MS) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      // The router's reader of the body is gone with its request: what comes in now is dropped.
      req.removeAllListeners("data");
      const cut = setTimeout(() => req.socket.destroy(), drainMs).unref();
      const done = () => clearTimeout(cut);
      req.once("end", done);
      req.once("close", done);
      req.resume();
    });
    next();
  };
}
