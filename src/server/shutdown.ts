/**
 * Leaving service on SIGTERM or SIGINT (decision 0049): the instance fails readiness at once (GET /api/ready
 * answers 503 with `instance: "shutting down"`), stops accepting connections, lets the requests in flight
 * finish for up to SHUTDOWN_GRACE_MS (a request arriving meanwhile on an open keep-alive connection is still
 * served, with `Connection: close`, so the proxy's next one goes to another instance: app.ts), closes the
 * connections still open after that, then runs the closing steps (background jobs, the database) in order.
 */
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  app: FastifyInstance;
  graceMs: number;
  /** Run in order after the HTTP server has closed; a failing step does not stop the next ones. */
  steps: { name: string; run: () => Promise<void> }[];
  /** Resolves after `ms`; tests pass one they resolve themselves instead of waiting. */
  after?: (ms: number) => Promise<void>;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** The shutdown sequence; calling it again while it runs returns the same promise. */
export function createShutdown({ app, graceMs, steps, after = wait }: ShutdownOptions) {
  let running: Promise<void> | null = null;

  const run = async (signal: string) => {
    app.lifecycle.shuttingDown = true;
    app.log.info({ signal, graceMs }, 'shutting down: readiness fails, draining requests in flight');
    const closed = app.close();
    const drained = await Promise.race([closed.then(() => true), after(graceMs).then(() => false)]);
    if (!drained) {
      app.log.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
      app.server.closeAllConnections();
      await closed;
    }
    for (const step of steps) {
      try {
        await step.run();
      } catch (err) {
        app.log.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
  };

  return (signal: string): Promise<void> => (running ??= run(signal));
}
