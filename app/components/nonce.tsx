import { createContext, useContext } from "react";

/** The response's CSP nonce, for inline scripts rendered on the server (empty in the browser, where none are added). */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
