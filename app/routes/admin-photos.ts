import { redirect } from "react-router";
import type { Route } from "./+types/admin-photos";
import { addPhotoFromRequest } from "~/admin/photos.server";
import { requireAdmin, requireAdminSession } from "~/auth/admin-auth.server";
import { flashCookie } from "~/lib/flash.server";
import { servicesContext } from "~/services.server";

/**
 * POST /admin/photos: the photo upload. The panel sends it with
 * XMLHttpRequest (for a progress bar) and reads JSON; without JavaScript the
 * form posts here directly and is redirected back with a toast.
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdminSession];

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const result = await addPhotoFromRequest(s, request);
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return Response.json(
      { ok: result.ok, message: result.message, id: result.photo?.id ?? null },
      { status: result.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  return redirect("/admin#foto", {
    headers: { "Set-Cookie": flashCookie({ kind: result.ok ? "success" : "error", message: result.message }) },
  });
}

export function loader() {
  return redirect("/admin#foto");
}
