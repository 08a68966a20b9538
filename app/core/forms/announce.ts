import { createContext, useContext } from "react";

/**
 * How a form's result or refusal is said to the person: the page's toaster. The root provides it
 * (the core knows no component), so the form hooks here can speak without importing the toaster.
 */
export type Announce = (kind: "success" | "error", message: string) => void;

export const AnnounceContext = createContext<Announce | null>(null);

export function useAnnounce(): Announce {
  const announce = useContext(AnnounceContext);
  if (!announce) throw new Error("useAnnounce: no <AnnounceContext> above this component (the root provides it)");
  return announce;
}
