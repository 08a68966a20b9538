/*
 * A query sent on a connection that is still running another (two queries of one transaction at
 * once) only warns in pg 8, once per process, and is refused by pg 9: here it fails the run, naming
 * the test file it came from. Once per worker: unit files share one (decision 82).
 */
const installed = Symbol.for("studio.tests.concurrentQueryWarning");
const worker = globalThis as { [installed]?: boolean };
if (!worker[installed]) {
  worker[installed] = true;
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query")) throw warning;
  });
}
