/** The server is busy with other images; the visitor should try again shortly. */
export class DecodeQueueFullError extends Error {
  override name = "DecodeQueueFullError";
}

interface DecodeQueueOptions {
  /** Decodes running at once: each holds its pixels and a share of the two cores. */
  inFlight: number;
  /** Jobs allowed to wait for a place; one more is refused at once. */
  waiting: number;
  /** A job that waited this long without a place gives up (its visitor is told to retry). */
  maxWaitMs: number;
}

/**
 * A bounded queue for memory-hungry work: at most `inFlight` jobs run, at most
 * `waiting` wait in arrival order, and the rest are refused with
 * DecodeQueueFullError instead of piling up in memory.
 */
export function createDecodeQueue(options: DecodeQueueOptions) {
  let running = 0;
  const queue: { start: () => void; timer: ReturnType<typeof setTimeout> }[] = [];

  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      running++;
      next.start();
    }
  };

  const acquire = () =>
    new Promise<void>((resolve, reject) => {
      if (running < options.inFlight) {
        running++;
        resolve();
        return;
      }
      if (queue.length >= options.waiting) {
        reject(new DecodeQueueFullError("decode queue full"));
        return;
      }
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(new DecodeQueueFullError("waited too long for a decode slot"));
        }, options.maxWaitMs),
      };
      queue.push(entry);
    });

  return {
    /** Runs `job` when a place is free; rejects with DecodeQueueFullError when the queue is full or the wait too long. */
    async run<T>(job: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
