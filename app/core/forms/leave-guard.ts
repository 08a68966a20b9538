import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useBeforeUnload, useBlocker, useNavigation } from "react-router";

export const UNSAVED_CHANGES_QUESTION =
  "Hai modifiche non salvate: se esci adesso andranno perse. Vuoi uscire lo stesso?";

/** What the form would send now (its text fields), to compare with what it last saved. */
const fingerprint = (form: HTMLFormElement) =>
  JSON.stringify([...new FormData(form)].filter(([, value]) => typeof value === "string"));

/**
 * Asks before leaving a form with unsaved changes, as WordPress does: going to another screen (a
 * link, a tab of the editor, the back button) asks with a confirmation; closing or reloading the tab
 * gets the browser's own question. "Unsaved" is measured when she leaves: the form's fields against
 * what it was loaded or last saved with. `savedAs` names the saved state (a version): when it
 * changes, the form as it is becomes the new starting point. Her own save is never asked about: the
 * form's submit, and the redirect after it.
 */
export function useUnsavedChangesGuard(form: RefObject<HTMLFormElement | null>, savedAs: unknown) {
  const baseline = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new saved state is the new starting point.
  useEffect(() => {
    if (form.current) baseline.current = fingerprint(form.current);
  }, [form, savedAs]);

  // Set while the form's own submit is handled (the router navigates within the submit event).
  const sending = useRef(false);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onSubmit = (event: SubmitEvent) => {
      // Conform checks a field she leaves by a submit of its own intent button: that is no save.
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      sending.current = true;
      setTimeout(() => {
        sending.current = false;
      });
    };
    element.addEventListener("submit", onSubmit, { capture: true });
    return () => element.removeEventListener("submit", onSubmit, { capture: true });
  }, [form]);

  // A save in flight, through to the page its answer redirects to (a new recipe's own address): the
  // router asks the blocker about that redirect too.
  const navigation = useNavigation();
  const saving = useRef(false);
  saving.current = navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET";

  const unsaved = () =>
    !sending.current &&
    !saving.current &&
    form.current !== null &&
    baseline.current !== null &&
    fingerprint(form.current) !== baseline.current;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved(),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useBeforeUnload(
    // biome-ignore lint/correctness/useExhaustiveDependencies: reads the form when the tab closes.
    useCallback((event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // Older browsers ask only when a value is set; the text shown is the browser's own.
      event.returnValue = "";
    }, []),
  );
}
