import type { ChangeEvent } from "~/core/events/event-bus.server";
import type { AppServices } from "~/services.server";

/** Tells every open page about a change. The write already happened, so a failure here is logged, not reported. */
export async function publishChange(s: Pick<AppServices, "bus" | "logger">, event: ChangeEvent): Promise<void> {
  try {
    await s.bus.publish(event);
  } catch (error) {
    s.logger.error({ err: error, event }, "could not publish change");
  }
}
