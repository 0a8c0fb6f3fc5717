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
  if (url.protocol === "https:") return true;
  return testService !== undefined && url.origin === new URL(testService).origin;
}
