// How every process of the site (the supervisor and each server) ends on SIGTERM or SIGINT.

/** Calls `stop` once on SIGTERM or SIGINT, even when the signal comes while still starting. */
export function onShutdownSignal(): { stopWith(stop: () => Promise<void>): void; request(): void } {
  let requested = false;
  let stopper: (() => Promise<void>) | undefined;
  const run = () =>
    stopper!().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  const request = () => {
    if (requested) return;
    requested = true;
    if (stopper) void run();
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, request);
  return {
    request,
    stopWith(stop) {
      stopper = stop;
      if (requested) void run();
    },
  };
}
