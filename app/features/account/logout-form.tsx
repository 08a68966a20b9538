import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { LOGOUT_MESSAGES } from "~/features/account/logout-messages";
import { toast } from "../../ui/toaster";

/**
 * Logout button. Without JavaScript a plain POST (the server redirects to /home
 * with the toast). With it, a lost connection is reported with the product's
 * message instead of an error page, and the visitor stays where they were.
 */
export function LogoutForm({
  className,
  buttonClassName,
  label = "Esci",
}: {
  className?: string;
  buttonClassName?: string;
  label?: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      // The answer is a redirect carrying the cleared session cookie and the success toast.
      const response = await fetch("/admin-logout", { method: "POST", redirect: "manual", credentials: "same-origin" });
      if (response.type !== "opaqueredirect" && !response.ok) throw new Error(`logout answered ${response.status}`);
      await navigate("/home");
    } catch {
      toast.error(LOGOUT_MESSAGES.failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form method="post" action="/admin-logout" className={className} onSubmit={onSubmit}>
      <button type="submit" className={buttonClassName} disabled={busy} aria-busy={busy}>
        {label}
      </button>
    </Form>
  );
}
