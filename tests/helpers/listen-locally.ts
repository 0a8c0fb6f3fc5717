import type { Express } from "express";

/** An Express app on a free loopback port, for a test: its base URL, port and a close. */
export function listenLocally(
  app: Express,
): Promise<{ base: string; port: number; close: () => void }> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ base: `http://127.0.0.1:${port}`, port, close: () => server.close() });
    });
  });
}
