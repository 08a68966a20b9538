import { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type express from "express";

/**
 * The server's request and response objects born with Express's prototypes. Express gives each
 * request and response its own with Object.setPrototypeOf, which took about a tenth of a kept
 * page's answer (decision 68); with the prototype theirs already, that call changes nothing.
 */
export function bornExpress(app: express.Express) {
  function ExpressRequest(socket: Socket) {
    return Reflect.construct(IncomingMessage, [socket], ExpressRequest) as IncomingMessage;
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(req: IncomingMessage, options?: unknown) {
    return Reflect.construct(ServerResponse, [req, options], ExpressResponse) as ServerResponse;
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}
