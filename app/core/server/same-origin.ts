import type { NextFunction, Request, Response } from "express";
import { FOREIGN_ORIGIN_MESSAGE, isMutation, originAllowed } from "./origin.server";

/**
 * Cross-site request forgery guard for the whole site: a state-changing
 * request whose Origin (or Referer) names another site is refused with 403
 * before any route sees it. (React Router's own check would answer 400.)
 * Requests without either header pass here; admin actions require one. `foreignPosts`: the paths
 * another site may post to (a feature's registration names them), matched on the whole path.
 */
export function rejectForeignOrigin(siteUrl: string, foreignPosts: readonly RegExp[] = []) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isMutation(req.method)) return next();
    if (req.method === "POST" && foreignPosts.some((path) => path.test(req.path))) {
      // React Router's own check compares Origin with the request's address (400): for this one path
      // the sender's origin means nothing, so it is not handed on.
      delete req.headers.origin;
      delete req.headers.referer;
      return next();
    }
    const allowed = new Set([`${req.protocol}://${req.host}`, siteOrigin]);
    if (originAllowed({ origin: req.get("origin"), referer: req.get("referer") }, allowed, false)) return next();
    res.status(403).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(FOREIGN_ORIGIN_MESSAGE);
  };
}
