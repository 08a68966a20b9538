/** Express's compiled `trust proxy` function: whether the address at that hop is a proxy of ours. */
type Trust = (address: string, hop: number) => boolean;

/**
 * The same function, its answers remembered: Express asks it for the peer's address on every
 * `req.secure`, `req.ip` and `req.hostname`, and each time it parses the address again (a tenth of a
 * kept page's answer, decision 68). Bounded: the addresses in X-Forwarded-For are the client's
 * choosing, so the memory is emptied when full rather than grown.
 */
export function rememberedTrust(trust: Trust, limit = 1_000): Trust {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    const key = `${hop} ${address}`;
    let answer = known.get(key);
    if (answer === undefined) {
      if (known.size >= limit) known.clear();
      answer = trust(address, hop);
      known.set(key, answer);
    }
    return answer;
  };
}
