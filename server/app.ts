// The server bundle's entry (decision 1): opens the services, mounts the request pipeline
// (pipeline.ts), starts the background jobs (jobs.ts) and closes everything in order on shutdown.
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { loadConfig } from "~/core/config/env.server";
import { databaseLocation } from "~/core/db/database-location";
import { startScheduler } from "~/core/jobs/scheduler.server";
import { closeServices, createServices, type AppServices } from "~/services.server";
import type { FrontView } from "./front-views";
import { siteJobs } from "./jobs";
import { createLogger } from "./logger";
import { type AppOptions, createApp } from "./pipeline";

const SHUTDOWN_DEADLINE_MS = 9_000;
/** A job still running at shutdown is waited for this long, then the database closes under it. */
const JOBS_GRACE_MS = 5_000;

export interface RunningServer {
  server: Server;
  services: AppServices;
  url: string;
  /** Stops accepting, lets in-flight requests finish, closes the database. */
  close(): Promise<void>;
  /** Page views of kept pages the HTTPS front answered from their files, from the supervisor. */
  frontViews(views: readonly (readonly [FrontView, number])[]): void;
}

/** Reads the environment, opens everything and listens. Throws ConfigError on bad settings. */
export async function startServer(
  build: ServerBuild | (() => Promise<ServerBuild>),
  env: NodeJS.ProcessEnv = process.env,
  options: AppOptions = {},
): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config);
  // Given a function, React Router rebuilds its route table on every request (meant for hot reload
  // in development): outside development the build is loaded once.
  if (typeof build === "function" && process.env.NODE_ENV !== "development") build = await build();
  const services = await createServices(config, logger);
  const { listener, live, pageCache, frontViews } = createApp(services, build, options);
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  const databaseUrl = services.embedded?.url ?? config.databaseUrl!;
  logger.info({ url, database: databaseLocation(databaseUrl), dataDir: config.dataDir }, "server listening");
  if (!config.siteUrlConfigured)
    logger.warn(
      { siteUrl: config.siteUrl },
      "SITE_URL is not set: links in e-mails, invitations, the sitemap and share cards point to this address; set SITE_URL to the site's public address",
    );

  const jobs = startScheduler(siteJobs(services), { databaseUrl, logger });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info("shutting down");
      // Timers stopped and runs told to stop at once; awaited before the database closes under them.
      const jobsStopped = jobs.stop(JOBS_GRACE_MS);
      pageCache?.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      live.closeAll();
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_DEADLINE_MS);
      await closed;
      clearTimeout(deadline);
      await jobsStopped;
      await closeServices(services);
      logger.info("shut down");
    })());

  return { server, services, url, close, frontViews };
}

// The production entry: React Router's server build, bundled with this file.
export const serverBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
