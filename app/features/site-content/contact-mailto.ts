/** What the visitor typed in the contact form. */
export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export const contactSubject = (name: string) => `Messaggio dal sito da ${name.trim()}`;

export const contactBody = ({ name, email, message }: ContactMessage) =>
  `${message.trim()}\n\n${name.trim()}\n${email.trim()}`;

/**
 * The mail-to address that opens the visitor's mail program with the message ready: subject and
 * body percent-encoded as UTF-8 (a form posted as text/plain to mailto: garbles accented letters,
 * "martedì" arriving as "martedÃ¬").
 */
export function contactMailtoHref(to: string, message: ContactMessage): string {
  return `mailto:${to}?subject=${encodeURIComponent(contactSubject(message.name))}&body=${encodeURIComponent(contactBody(message))}`;
}
