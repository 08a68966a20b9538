// Apart from the schema: the home page's form needs the lengths, and a visitor's scripts must not carry zod.
export const CONTACT_NAME_MAX = 120;
export const CONTACT_EMAIL_MAX = 200;
export const CONTACT_MESSAGE_MAX = 4000;
