import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/backup-download";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { listBackups } from "~/features/backups/backup-files.server";
import { servicesContext } from "~/context";

/** The newest backup file, as a download; only for a signed-in administrator. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { config } = context.get(servicesContext);
  const [latest] = await listBackups(config.backup.dir);
  if (!latest) throw data("Nessun backup disponibile su questo server", { status: 404 });
  const body = Readable.toWeb(createReadStream(latest.file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      // An encrypted backup (age) is no gzip stream until decrypted.
      "Content-Type": latest.name.endsWith(".age") ? "application/octet-stream" : "application/gzip",
      "Content-Length": String(latest.bytes),
      "Content-Disposition": `attachment; filename="${latest.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
