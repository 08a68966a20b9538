import type { Logger } from "pino";
import type { ChangeEvent, EventBus } from "~/core/events/event-bus.server";

/** Tells every open page about a change. The write already happened, so a failure here is logged, not reported. */
export async function publishChange(deps: { bus: EventBus; logger: Logger }, event: ChangeEvent): Promise<void> {
  try {
    await deps.bus.publish(event);
  } catch (error) {
    deps.logger.error({ err: error, event }, "could not publish change");
  }
}
