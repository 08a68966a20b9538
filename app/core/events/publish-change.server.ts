import type { ChangeEvent, EventBus } from "~/core/events/event-bus.server";

/** Where a repository reports an announcement that failed (the composition logs it). */
export type OnChangeError = (error: unknown, message: string) => void;

/**
 * The one way a repository announces a committed change to every open page. The write already
 * happened, so a failed announcement is reported, never thrown: pages catch up on reconnect. Without
 * a bus (commands, some tests) nothing is announced.
 */
export function changeAnnouncer(
  bus: Pick<EventBus, "publish"> | undefined,
  onError: OnChangeError = () => {},
  /** What the log says failed, e.g. "announcing a recipe change failed". */
  failure = "announcing a change failed",
) {
  return async (event: ChangeEvent): Promise<void> => {
    if (!bus) return;
    try {
      await bus.publish(event);
    } catch (error) {
      onError(error, failure);
    }
  };
}
