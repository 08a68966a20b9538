/**
 * Every promise's outcome, or a rejection once `ms` have passed without all of them settled: the
 * bound on a wait for work that may never answer (a frozen pool), not a sleep.
 */
export async function settledWithin<T>(work: Promise<T>[], ms: number): Promise<PromiseSettledResult<T>[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${work.length} promises not all settled within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.allSettled(work), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
