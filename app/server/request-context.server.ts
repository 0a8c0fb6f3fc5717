import { createContext } from "react-router";

/** The per-request Content-Security-Policy nonce, set by server/app.ts. */
export const nonceContext = createContext<string>("");
