import { existsSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const encodings = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;

/**
 * Serves the build's .br / .gz copies of a hashed asset to browsers that accept
 * them (made at build time at the best compression levels); anything else falls
 * through to the plain file.
 */
export function precompressedAssets(dir: string) {
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = existsSync(file)));
    return known;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !/^\/[\w.-]+\.(js|css|svg|json)$/.test(req.path))
      return next();
    // Our preference (brotli first), not the order the browser lists them in.
    const encoding = encodings.find((e) => req.acceptsEncodings(e.name) === e.name);
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    const file = path.join(dir, req.path.slice(1) + encoding.ext);
    if (!has(file)) return next();
    res.type(path.extname(req.path));
    res.set({ "Content-Encoding": encoding.name, "X-Content-Type-Options": "nosniff" });
    res.sendFile(file, { immutable: true, maxAge: "1y", etag: false, lastModified: false }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
