/**
 * The yardstick for cache hits: a plain node:http server that answers with bytes from
 * memory, nothing else. `npm run bench` (load.ts) starts it as a process of its own, like
 * the app, with the exact responses the app sent (headers and precompressed bodies), and
 * compares requests per second.
 *
 * Input: the path of a JSON file { "<path>": { "<encoding>": { headers, body (base64) } } }.
 * Output: "listening <port>" on stdout.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

type Responses = Record<string, Record<string, { headers: string[]; body: string }>>;

const file = process.argv[2];
if (!file) throw new Error("Usage: reference-server.ts <responses.json>");
const responses = JSON.parse(fs.readFileSync(file, "utf8")) as Responses;
const table = new Map(
  Object.entries(responses).map(([path, byEncoding]) => [
    path,
    new Map(
      Object.entries(byEncoding).map(([encoding, response]) => [
        encoding,
        { headers: response.headers, body: Buffer.from(response.body, "base64") },
      ]),
    ),
  ]),
);

const server = http.createServer((req, res) => {
  const byEncoding = table.get(req.url ?? "");
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const response = byEncoding?.get(accepted.includes("br") ? "br" : "gzip");
  if (!response) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, response.headers);
  res.end(response.body);
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
