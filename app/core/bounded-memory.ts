/**
 * Answers remembered per key, at most `limit` of them: when full, all are forgotten at once rather
 * than the memory grown, as the keys may be a client's choosing (an address, a header). For answers
 * that are the same for the same key for as long as the process runs.
 */
export function boundedMemory<K, V>(limit: number): (key: K, answer: () => V) => V {
  const known = new Map<K, V>();
  return (key, answer) => {
    let value = known.get(key);
    if (value === undefined) {
      value = answer();
      if (known.size >= limit) known.clear();
      known.set(key, value);
    }
    return value;
  };
}
