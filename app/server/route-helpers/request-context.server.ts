import { createContext } from "react-router";

/** The per-request Content-Security-Policy nonce, set by http/app.ts. */
export const nonceContext = createContext<string>("");

/** The client's IP as the server trusts it (socket, or TRUSTED_PROXY's header). */
export const clientIpContext = createContext<string>("");
