import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";
import { freePort } from "./app-server";

export interface ReceivedMail {
  raw: string;
  parsed: Email;
}

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The next `n` messages are refused with 451 (try again later). */
  refuseNext(n: number): void;
  /** Resolves once `count` messages have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening (the "down" state) without forgetting what was received. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** A real SMTP server in this process, accepting any login, plain text (no TLS). */
export async function startTestSmtpServer(port?: number, options: { listen?: boolean } = {}): Promise<TestSmtpServer> {
  const chosenPort = port ?? (await freePort());
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (refusals > 0) {
            refusals -= 1;
            callback(Object.assign(new Error("Servizio momentaneamente non disponibile"), { responseCode: 451 }));
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          PostalMime.parse(raw).then(
            (parsed) => {
              received.push({ raw, parsed });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      server.on("error", () => {});
      server.listen(chosenPort, "127.0.0.1", () => resolve());
      server.server.once("error", reject);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const current = server;
      server = null;
      current.close(() => resolve());
    });

  if (options.listen !== false) await start();

  return {
    url: `smtp://studio:segreta@127.0.0.1:${chosenPort}`,
    port: chosenPort,
    received,
    refuseNext(n) {
      refusals = n;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    stop,
    start,
  };
}
