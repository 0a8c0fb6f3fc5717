import { Readable } from "node:stream";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { MAX_FILE_BYTES } from "~/lib/compliance/file-type";
import { ID_PHOTO_MAX_BYTES } from "~/lib/door-check/id-photo";
import { REQUEST } from "~/lib/ui-text-shell";

/*
 * Every request passes here before a route sees it, so a client's mistake is answered with
 * a 4xx and a sentence, never a 500, and no route reads an unbounded body:
 *
 *   %00 anywhere in the address                          → 400
 *   a file to an upload page from someone not signed in  → 403 at once, the body unread
 *   a body over the limit (Content-Length, or counted)   → 413 at once, the rest unread
 *   a write with no body and no type, to a page          → read as an empty form
 *   a body of a type the address does not take           → 415 (Accept-Post names them),
 *                                                          an empty one too
 *   a malformed form or JSON body, a NUL character in it → 400
 *
 * The checked body is kept and handed to React Router again (withCheckedBody), so the
 * routes read exactly the bytes that were checked.
 */

/** Forms here are a few kilobytes (the longest field takes 1,000 characters). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The pages that take a file (compliance documents, decision 0064): a file of up to 10 MB and
 * the form around it. Only there; everywhere else stays at BODY_LIMIT_BYTES.
 */
// With JavaScript, React Router posts to the same path with ".data" on the end.
const UPLOAD_PATHS = [
  /^\/admin\/locksmiths\/[0-9a-f-]{36}(\.data)?$/i,
  /^\/admin\/settings\/compliance(\.data)?$/,
];
export const UPLOAD_LIMIT_BYTES = MAX_FILE_BYTES + BODY_LIMIT_BYTES;

/**
 * The locksmith's job page, whose door check may carry a redacted ID photo (decision 0077): a
 * photo of up to 1.5 MB and the form. The link is the key there (no session to ask), so the
 * route checks the token; the body stays bounded and spends from the upload budget.
 */
const PHOTO_PATHS = [/^\/j\/[A-Za-z0-9_-]{20,64}(\.data)?$/];
export const PHOTO_LIMIT_BYTES = ID_PHOTO_MAX_BYTES + BODY_LIMIT_BYTES;

export function isPhotoPath(path: string): boolean {
  return PHOTO_PATHS.some((pattern) => pattern.test(path));
}

/** Angi's lead e-mails, raw MIME with their HTML part, from the mail service (decision 0073). */
const MAIL_PATH = "/api/webhooks/angi";
export const MAIL_LIMIT_BYTES = 2_000_000;
const RAW_MAIL = "message/rfc822";

export function isUploadPath(path: string): boolean {
  return UPLOAD_PATHS.some((pattern) => pattern.test(path));
}

/** Whether the sender of a request (its headers only: cookies) may send a file. */
export type UploadCheck = (req: Request, res: Response) => Promise<boolean>;

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const JSON_TYPE = "application/json";

/** What each part of the site takes as a body; the first matching prefix wins. */
const ACCEPTED_TYPES: readonly (readonly [prefix: string, types: readonly string[]])[] = [
  // better-auth's endpoints, called by its client (JSON) or a plain form.
  ["/api/auth/", [JSON_TYPE, URLENCODED]],
  // Stripe posts its signed events as JSON (the bytes are verified as they came).
  ["/api/webhooks/stripe", [JSON_TYPE]],
  // Thumbtack's pro webhooks are JSON; an inbound-parse service posts an e-mail raw or in a form.
  ["/api/webhooks/thumbtack", [JSON_TYPE]],
  [MAIL_PATH, [RAW_MAIL, MULTIPART, URLENCODED]],
  // The back office's speed figures, sent by navigator.sendBeacon (decision 0058).
  ["/api/speed", [JSON_TYPE]],
  // Twilio posts form-encoded callbacks.
  ["/api/webhooks/", [URLENCODED]],
  // Every page's action: what an HTML form (or React Router's fetcher) sends.
  ["/", [URLENCODED, MULTIPART]],
];

const BODILESS = new Set(["GET", "HEAD", "OPTIONS"]);

const checkedBodies = new WeakMap<Request, Buffer>();

/**
 * `mayUpload` is asked, from the headers alone, before a body larger than a form (declared,
 * or chunked) is read on an upload page: a stranger's 10 MB are refused unread (decision 0068).
 */
export function guardRequests(options: { mayUpload?: UploadCheck } = {}): RequestHandler {
  return (req, res, next) => {
    if (req.originalUrl.includes("%00")) return refuse(req, res, 400, REQUEST.nulInAddress);
    const bodied = hasBody(req);
    const declared = Number(req.headers["content-length"] ?? 0);
    const upload = isUploadPath(req.path);
    const limit = upload
      ? UPLOAD_LIMIT_BYTES
      : isPhotoPath(req.path)
        ? PHOTO_LIMIT_BYTES
        : req.path === MAIL_PATH
          ? MAIL_LIMIT_BYTES
          : BODY_LIMIT_BYTES;
    if (bodied && declared > limit) {
      return refuse(req, res, 413, REQUEST.tooLarge(limit), { close: true });
    }
    const carriesFile =
      upload &&
      bodied &&
      !BODILESS.has(req.method) &&
      (declared > BODY_LIMIT_BYTES || req.headers["transfer-encoding"] !== undefined);
    if (carriesFile && options.mayUpload) {
      options.mayUpload(req, res).then(
        (may) => {
          if (!may) return refuse(req, res, 403, REQUEST.uploadNeedsSignIn, { close: true });
          checkBody(req, res, next, limit, bodied);
        },
        (error: unknown) => next(error),
      );
      return;
    }
    checkBody(req, res, next, limit, bodied);
  };
}

function checkBody(
  req: Request,
  res: Response,
  next: NextFunction,
  limit: number,
  bodied: boolean,
): void {
  // A body on a read is not ours to read: Node discards it (it is within the limit).
  if (BODILESS.has(req.method)) return next();
  const accepted = acceptedTypes(req.path);
  const type = mediaType(req.headers["content-type"]);
  if (!bodied && !type) {
    // A bare POST (React Router's `submit(null)`, sign-out) is an empty form to a page's
    // action, which then answers what is missing; better-auth reads it as an empty body.
    if (!req.path.startsWith("/api/")) req.headers["content-type"] = URLENCODED;
    return next();
  }
  if (!accepted.includes(type)) {
    return refuse(req, res, 415, REQUEST.unsupportedType(accepted), {
      close: true,
      headers: { "Accept-Post": accepted.join(", ") },
    });
  }
  // An empty body of a type that has a shape (JSON, multipart) is checked like any other.
  const read = bodied ? readAtMost(req, limit) : Promise.resolve(Buffer.alloc(0));
  read.then(
    async (body) => {
      if (!body) return refuse(req, res, 413, REQUEST.tooLarge(limit), { close: true });
      const problem = await bodyProblem(type, body, req.headers["content-type"] ?? "");
      if (problem) return refuse(req, res, 400, problem);
      if (bodied) checkedBodies.set(req, body);
      next();
    },
    // The client went away mid-body: there is nobody to answer.
    () => {},
  );
}

/**
 * The request as React Router's Express adapter reads it: the same request, except that its
 * body stream is a fresh one over the bytes checked above (the original was read there).
 */
export function withCheckedBody(req: Request): Request {
  const body = checkedBodies.get(req);
  if (!body) return req;
  const replay = Readable.from([body], { objectMode: false });
  return new Proxy(req, {
    get(target, key) {
      if (!STREAM_MEMBERS.has(key)) return Reflect.get(target, key);
      const member: unknown = Reflect.get(replay, key);
      return typeof member === "function" ? member.bind(replay) : member;
    },
  });
}

/** Everything a Readable is (its methods, events and state), as opposed to what HTTP adds. */
const STREAM_MEMBERS = (() => {
  const members = new Set<PropertyKey>(["_readableState", "_events", "_eventsCount"]);
  for (
    let proto: object | null = Readable.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const key of Reflect.ownKeys(proto)) if (key !== "constructor") members.add(key);
  }
  return members;
})();

function hasBody(req: Request): boolean {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0
  );
}

function acceptedTypes(path: string): readonly string[] {
  return ACCEPTED_TYPES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? [];
}

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The whole body, or undefined as soon as it passes `limit` (the rest is left unread). */
function readAtMost(req: Request, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        resolve(undefined);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onGone = () => {
      stop();
      reject(new Error("The request ended before its body did."));
    };
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  });
}

async function bodyProblem(
  type: string,
  body: Buffer,
  contentType: string,
): Promise<string | null> {
  // An e-mail is parsed by its own reader (mailparser); it may carry any bytes.
  if (type === RAW_MAIL) return null;
  const text = body.toString("utf8");
  if (type === URLENCODED) {
    for (const [name, value] of new URLSearchParams(text)) {
      if (name.includes("\0") || value.includes("\0")) return REQUEST.nulByte;
    }
    return null;
  }
  if (type === MULTIPART) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { "Content-Type": contentType },
      }).formData();
    } catch {
      return REQUEST.malformedForm;
    }
    for (const [name, value] of form) {
      // A file's bytes are its own business; names and text fields reach the database.
      const texts = typeof value === "string" ? [name, value] : [name, value.name];
      if (texts.some((part) => part.includes("\0"))) return REQUEST.nulByte;
    }
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return REQUEST.malformedJson;
  }
  return containsNul(parsed) ? REQUEST.nulByte : null;
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => key.includes("\0") || containsNul(item));
  }
  return false;
}

/**
 * The refusal, as JSON for the API (better-auth's shape: message and code) and as a sentence
 * elsewhere. `close` ends the connection after the answer, so an unread body is not read.
 */
function refuse(
  req: Request,
  res: Response,
  status: 400 | 403 | 413 | 415,
  message: string,
  options: { close?: boolean; headers?: Record<string, string> } = {},
): void {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (options.close) res.setHeader("Connection", "close");
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (req.path.startsWith("/api/")) {
    res.json({ code: CODES[status], message });
  } else {
    res.type("text/plain").send(message);
  }
}

const CODES = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};
