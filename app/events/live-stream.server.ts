import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { EventBus } from "./event-bus.server";

/** Comment lines keep proxies and browsers from closing an idle stream (at most 30 s apart). */
export const HEARTBEAT_MS = 25_000;

/**
 * GET /events: one server-sent event stream per browser tab, carrying every
 * change event of the bus. Pages refetch what they show when one arrives.
 */
export function createLiveStream(bus: EventBus, logger: Logger) {
  const open = new Set<Response>();

  const handler = (req: Request, res: Response) => {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-store, no-transform",
      Connection: "keep-alive",
      // nginx would otherwise buffer the stream.
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    open.add(res);

    const unsubscribe = bus.subscribe((event) => {
      res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    heartbeat.unref();

    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    };
    req.on("close", cleanup);
    res.on("error", (error) => {
      logger.debug({ err: error }, "live stream write failed");
      cleanup();
    });
  };

  return {
    handler,
    get connections() {
      return open.size;
    },
    /** Ends every stream (at shutdown); browsers reconnect to another instance. */
    closeAll() {
      for (const res of open) res.end();
      open.clear();
    },
  };
}
