import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** The CSP nonce of this response (server render only; browsers hide it from scripts). */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
