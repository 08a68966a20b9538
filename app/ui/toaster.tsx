import { useEffect, useSyncExternalStore } from "react";
import type { Announce } from "~/core/forms/announce";
import toasterStyles from "~/styles/toaster.css?url";
import { Stylesheet } from "./stylesheet";
import { useHydrated } from "./use-hydrated";

type ToastKind = "success" | "error" | "message";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Success toasts last 2 s, error and plain ones 4 s; at most 20 at once (docs/product.md). */
const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 2000, error: 4000, message: 4000 };
const MAX_TOASTS = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * The same sentence already on screen is replaced, not shown twice: a repeated result is said once.
 * A success also clears the errors on screen: they were about what has now worked.
 */
function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  const others = toasts.filter(
    (t) => (t.kind !== kind || t.message !== message) && !(kind === "success" && t.kind === "error"),
  );
  toasts = [...others, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismiss(id), TOAST_DURATION_MS[kind]);
  return id;
}

export const toast = Object.assign((message: string) => show("message", message), {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  dismiss,
});

/** The toaster as the form hooks' voice (the root hands it to them through AnnounceContext). */
export const announceWithToast: Announce = (kind, message) => {
  show(kind, message);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Top-centre toasts. The two live regions exist before any message so screen
 * readers announce what is added: errors assertively, the rest politely.
 * `initial` is a toast from the server (a flash after a redirect): rendered in
 * the HTML so it shows without JavaScript, then handed to the timed store.
 */
export function Toaster({ initial }: { initial?: { kind: ToastKind; message: string } | null }) {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => [],
  );
  const hydrated = useHydrated();

  useEffect(() => {
    if (initial) show(initial.kind, initial.message);
  }, [initial]);

  const items: Toast[] = hydrated ? current : initial ? [{ id: 0, ...initial }] : [];
  const errors = items.filter((t) => t.kind === "error");
  const others = items.filter((t) => t.kind !== "error");
  return (
    <div className="toaster">
      <Stylesheet href={toasterStyles} />
      <div role="alert" className="toaster__region">
        {errors.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
      <div role="status" className="toaster__region">
        {others.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </div>
  );
}

function ToastItem({ toast: t }: { toast: Toast }) {
  return (
    <div className={`toast toast--${t.kind}`} data-testid="toast">
      <span aria-hidden="true" className="toast__icon">
        {t.kind === "success" ? "✓" : t.kind === "error" ? "!" : "i"}
      </span>
      <span>{t.message}</span>
    </div>
  );
}
