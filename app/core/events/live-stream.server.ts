import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { LiveChange } from "./change";
import type { EventBus } from "./event-bus.server";
import type { LiveHello } from "./live-hello";

/** Comment lines keep proxies and browsers from closing an idle stream (at most 30 s apart). */
const HEARTBEAT_MS = 25_000;

/** How long a refused client should wait before trying again. */
const LIVE_RETRY_AFTER_SECONDS = 30;

export interface LiveStreamLimits {
  /** Streams one client address may hold open (its tabs). */
  perClient: number;
  /** Streams the process holds open in all: each is a file descriptor, and pages need some too. */
  total: number;
}

/**
 * GET /events: one server-sent event stream per browser tab, carrying every
 * change event of the bus. Pages refetch what they show when one arrives.
 * Over a cap the stream is refused with 429 (this client) or 503 (everyone) and
 * Retry-After, so one client cannot use up the descriptors the pages and /healthz need.
 */
export function createLiveStream(bus: EventBus, logger: Logger, limits: LiveStreamLimits) {
  const open = new Set<Response>();
  const perClient = new Map<string, number>();
  const refuse = (res: Response, status: 429 | 503, message: string) => {
    res
      .status(status)
      .set({ "Retry-After": String(LIVE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
      .type("text/plain; charset=utf-8")
      .send(message);
  };

  const handler = (req: Request, res: Response) => {
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const held = perClient.get(client) ?? 0;
    if (held >= limits.perClient) {
      logger.warn({ client, held }, "live stream refused: too many for one client");
      refuse(res, 429, "Troppi aggiornamenti in tempo reale aperti da questo dispositivo: riprova tra poco.");
      return;
    }
    if (open.size >= limits.total) {
      logger.warn({ open: open.size }, "live stream refused: server at its cap");
      refuse(res, 503, "Il servizio di aggiornamento in tempo reale è al completo: riprova tra poco.");
      return;
    }
    perClient.set(client, held + 1);

    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-store, no-transform",
      Connection: "keep-alive",
      // nginx would otherwise buffer the stream.
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    open.add(res);
    // Subscribed before the greeting: a change newer than its versions is sent after it.
    const unsubscribe = bus.subscribe((event, version) => {
      const change: LiveChange = { ...event, version };
      res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    });
    const hello: LiveHello = { versions: bus.versions() };
    res.write(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    heartbeat.unref();

    let cleaned = false;
    const cleanup = () => {
      if (cleaned) return;
      cleaned = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    };
    req.on("close", cleanup);
    res.on("error", (error) => {
      logger.debug({ err: error }, "live stream write failed");
      cleanup();
    });
  };

  return {
    handler,
    /** Ends every stream (at shutdown); browsers reconnect to another instance. */
    closeAll() {
      for (const res of open) res.end();
      open.clear();
      perClient.clear();
    },
  };
}
