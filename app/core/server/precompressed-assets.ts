import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const encodings = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/**
 * Serves the build's .br / .gz copies of a hashed asset to browsers that accept
 * them (made at build time at the best compression levels); anything else falls
 * through to the plain file. The headers are only those a browser uses: the
 * names change with the content, so validators and ranges would never be used,
 * and on a phone every byte of headers on each of a page's scripts counts.
 */
export function precompressedAssets(dir: string) {
  const sizes = new Map<string, number | null>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = statSync(file, { throwIfNoEntry: false })?.size ?? null;
      sizes.set(file, size);
    }
    return size;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !/^\/[\w.-]+\.(js|css|svg|json)$/.test(req.path))
      return next();
    // Our preference (brotli first), not the order the browser lists them in.
    const encoding = encodings.find((e) => req.acceptsEncodings(e.name) === e.name);
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    const file = path.join(dir, req.path.slice(1) + encoding.ext);
    const size = sizeOf(file);
    if (size === null) return next();
    res.writeHead(200, {
      "Content-Type": contentTypes[path.extname(req.path)]!,
      "Content-Encoding": encoding.name,
      "Content-Length": size,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res);
  };
}
