import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { clientIpContext } from "~/server/route-helpers/request-context.server";
import type { Route } from "./+types/auth";

/** better-auth's own endpoints, with the client IP set by us (a visitor's header is replaced). */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { auth } = context.get(servicesContext);
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.get(clientIpContext) || "unknown");
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = await request.arrayBuffer();
  }
  return auth.handler(new Request(request.url, init));
}

export const loader = handle;
export const action = handle;
