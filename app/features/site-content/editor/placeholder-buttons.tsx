import { useEffect, useRef } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { PLACEHOLDERS } from "~/features/site-content/placeholders";

type TextBox = HTMLInputElement | HTMLTextAreaElement;

/**
 * "Inserisci nel testo": a button per detail (name, title, register, its number, the studios'
 * cities) that puts its placeholder, e.g. {nome}, where the cursor was in the last text she
 * touched (decision 66). Without JavaScript the hint above says what to type instead.
 */
export function PlaceholderButtons() {
  const hydrated = useHydrated();
  const last = useRef<TextBox | null>(null);
  // The last text field she was in, remembered before a button takes the focus.
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === "text"))
        last.current = target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);
  if (!hydrated) return null;
  const insert = (word: string) => {
    const box = last.current ?? document.querySelector<TextBox>(".content-form textarea");
    if (!box) return;
    const token = `{${word}}`;
    const start = box.selectionStart ?? box.value.length;
    const end = box.selectionEnd ?? start;
    // Through the native setter and an input event, so the form library sees her change.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), "value")?.set;
    setter?.call(box, box.value.slice(0, start) + token + box.value.slice(end));
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.focus();
    box.setSelectionRange(start + token.length, start + token.length);
  };
  return (
    <fieldset className="placeholder-buttons">
      <legend>Inserisci nel testo i tuoi dati</legend>
      {PLACEHOLDERS.map(({ word, label }) => (
        <button
          key={word}
          type="button"
          className="button button--secondary button--small"
          // Keeps the cursor where it was in the text.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => insert(word)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
