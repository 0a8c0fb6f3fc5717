import ipaddr from "ipaddr.js";

/**
 * Where the server may send a push: browsers' push services are all https; the one other
 * origin allowed is a local push service a test names (WEB_PUSH_TEST_SERVICE). A signed-in
 * operator's form is not a way to make the server call an address of their choosing.
 */
export function isPushServiceAddress(endpoint: string, testService: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (isTestService(url, testService)) return true;
  if (url.protocol !== "https:" || url.username || url.password) return false;
  // An address written in the URL is judged here; a name, once resolved (push-endpoint.server.ts).
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  return !ipaddr.isValid(literal) || isPublicAddress(literal);
}

/** The local push service a test names: the only origin exempt from the address checks. */
export function isTestService(url: URL, testService: string | undefined): boolean {
  return testService !== undefined && url.origin === new URL(testService).origin;
}

/**
 * An address on the open internet: not loopback, private, link-local, unique-local,
 * multicast, carrier NAT, reserved or unspecified, and an IPv6 address carrying an IPv4 one
 * (mapped, 6to4, Teredo, NAT64) judged by what it carries: ipaddr.js names the ranges, and
 * only plain unicast passes.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}
