import { boundedMemory } from "~/core/bounded-memory";

/** Express's compiled `trust proxy` function: whether the address at that hop is a proxy of ours. */
type Trust = (address: string, hop: number) => boolean;

/**
 * The same function, its answers remembered: Express asks it for the peer's address on every
 * `req.secure`, `req.ip` and `req.hostname`, and each time it parses the address again (a tenth of a
 * kept page's answer, decision 68). Bounded: the addresses in X-Forwarded-For are the client's
 * choosing.
 */
export function rememberedTrust(trust: Trust, limit = 1_000): Trust {
  const remember = boundedMemory<string, boolean>(limit);
  return (address, hop) => remember(`${hop} ${address}`, () => trust(address, hop));
}
