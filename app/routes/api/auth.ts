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
  const response = await auth.handler(new Request(request.url, init));
  // better-auth answers an address it has no endpoint for with an empty 404: say so.
  if (response.status === 404 && !response.headers.get("content-type")) {
    return Response.json(
      { code: "NOT_FOUND", message: "There is no such sign-in endpoint (or it takes a POST)." },
      { status: 404, headers: response.headers },
    );
  }
  return response;
}

export const loader = handle;
export const action = handle;
