import { isIP } from "node:net";

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
/** Names that never reach the public DNS. */
const PRIVATE_TOP_LEVEL = new Set(["localhost", "local", "internal", "test", "invalid", "example", "home", "lan"]);

/** A public domain name (studio-rossi.it): labels and a dot, not an IP address, not localhost or a local name. */
export function isDomainName(host: string): boolean {
  if (isIP(host.replace(/^\[|\]$/g, "")) || host.length > 253) return false;
  const labels = host.replace(/\.$/, "").split(".");
  if (labels.length < 2 || labels.some((l) => !label.test(l))) return false;
  const tld = labels.at(-1)!.toLowerCase();
  return /^[a-z]{2,63}$|^xn--[a-z0-9-]+$/.test(tld) && !PRIVATE_TOP_LEVEL.has(tld);
}
