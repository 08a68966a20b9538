import { useCallback, useEffect } from "react";
import { useBeforeUnload, useBlocker } from "react-router";

export const UNSAVED_CHANGES_QUESTION =
  "Hai modifiche non salvate: se esci adesso andranno perse. Vuoi uscire lo stesso?";

const AFTER_SAVE = "afterSave";

/** The navigation state of a move made because the form was saved (a new record's own address): never asked about. */
export const AFTER_SAVE_STATE = { [AFTER_SAVE]: true } as const;

/**
 * Asks before leaving a form with unsaved changes, as WordPress does: going to another screen (a
 * link, a tab of the editor, the back button) asks with a confirmation; closing or reloading the tab
 * gets the browser's own question. Her own save posts to the page she is on, so it is never asked
 * about (nor the redirect after it, which the router does not block).
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as { [AFTER_SAVE]?: boolean } | null)?.[AFTER_SAVE] !== true,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        // Older browsers ask only when a value is set; the text shown is the browser's own.
        event.returnValue = "";
      },
      [dirty],
    ),
  );
}
