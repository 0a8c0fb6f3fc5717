import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ID_PHOTO_MAX_BYTES, ID_PHOTO_TEXT } from "~/lib/door-check/id-photo";
import { action as settingsAction } from "~/routes/admin/settings/door-checks";
import { loader as photoLoader } from "~/routes/admin/jobs/door-check-photo";
import { handleJobPageAction } from "~/routes/job/job-actions.server";
import { userContext } from "~/server/auth/session.server";
import { listLeadActivity } from "~/server/activity/activity.server";
import { doorChecks } from "~/server/db/door-check-tables.server";
import { timers } from "~/server/db/night-watch-tables.server";
import { diskFileStore } from "~/server/compliance/file-store.server";
import { scheduleTimer } from "~/server/background/timers.server";
import { readKeepIdPhoto } from "~/server/door-check/id-photos.server";
import type { Env } from "~/server/env.server";
import { fireDueTimers } from "~/server/night-watch/timer-worker.server";
import { dispatchWorld, passingDoorCheck } from "../helpers/dispatch-world";
import { watchDeps, watchSettings } from "../helpers/night-watch";
import { ownerWithSession } from "../helpers/owner-session";
import { describeEachDatabase } from "../helpers/test-database";

/*
 * The owner's redacted ID photo (decision 0077), through the routes as the server runs them:
 * the owner's setting, the locksmith's check carrying the photo (sealed on disk, refused
 * without the setting, too large or not a JPEG, with nothing written), the owner-only photo
 * address, and the purge timer removing the bytes and the pointer.
 */

const KEY = Buffer.alloc(32, 3).toString("base64");
/** A small JPEG's first bytes and some body: the server knows a JPEG by these. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x42)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describeEachDatabase("the door check's redacted ID photo", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  let filesDir: string;
  let env: Env;
  beforeEach(() => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-id-photo-"));
    env = {
      BUSINESS_NAME: "Lockline",
      BUSINESS_PHONE: "+13125550147",
      SITE_URL: "https://lockline.test",
      FILES_DIR: filesDir,
      ID_PHOTO_ENCRYPTION_KEY: KEY,
    } as Env;
  });
  afterEach(() => fs.rmSync(filesDir, { recursive: true, force: true }));

  /** Every file under FILES_DIR, by path. */
  const filesOnDisk = () =>
    fs
      .readdirSync(filesDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));

  async function asRole(role: "owner" | "admin") {
    const { user, context } = await ownerWithSession(t.handle, 1, {
      services: { env } as never,
    });
    context.set(userContext, { ...user, role });
    return context;
  }

  async function setKeep(role: "owner" | "admin", keep: boolean) {
    const form = new URLSearchParams({ intent: "save", years: "3", legalMinimumYears: "3" });
    if (keep) form.set("keepIdPhoto", "on");
    const request = new Request("https://lockline.test/admin/settings/door-checks", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const args = { request, context: await asRole(role), params: {} };
    return settingsAction(args as unknown as Parameters<typeof settingsAction>[0]).catch(
      (thrown: unknown) => thrown,
    );
  }

  async function onSite() {
    const lead = await w.lead({ consent: true, serviceType: "emergency" });
    const token = w.tokenOf(await w.dispatch(lead.id, (await w.locksmith("Marcus Reed")).id));
    await w.tap(token, { intent: "accept" });
    await w.tap(token, { intent: "arrived" });
    return { lead, token, jobId: (await w.assignmentOf(token)).jobId! };
  }

  /** The locksmith's check posted as the browser's multipart form, with a photo. */
  async function postCheck(token: string, photo: Uint8Array) {
    const form = new FormData();
    for (const [name, value] of Object.entries(passingDoorCheck("home"))) {
      if (value !== undefined) form.set(name, value);
    }
    form.set("idPhoto", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "id-photo.jpg");
    const request = new Request(`https://lockline.test/j/${token}`, { method: "POST", body: form });
    return handleJobPageAction(request, token, db(), env).catch((thrown: unknown) => thrown);
  }

  const rowOf = async (jobId: string) =>
    (await db().select().from(doorChecks).where(eq(doorChecks.jobId, jobId)))[0];

  it("is an owner's setting, off by default: an admin is refused 403; the owner's change is logged", async () => {
    expect(await readKeepIdPhoto(db())).toBe(false);
    const refused = await setKeep("admin", true);
    expect((refused as Response).status).toBe(403);
    expect(await readKeepIdPhoto(db())).toBe(false);
    await setKeep("owner", true);
    expect(await readKeepIdPhoto(db())).toBe(true);
    const log = await db().query.activityLog.findMany();
    expect(log.filter((entry) => entry.action === "door_check_id_photo_changed")).toMatchObject([
      { before: { keep: false }, after: { keep: true }, actorKind: "user" },
    ]);
    // Turned off again, the photos already kept stay (the screen says so).
    await setKeep("owner", false);
    expect(await readKeepIdPhoto(db())).toBe(false);
  });

  it("refuses a photo while the setting is off, recording nothing and leaving no file", async () => {
    const { token, jobId } = await onSite();
    const answer = (await postCheck(token, JPEG)) as { init: ResponseInit; data: unknown };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toMatchObject({ fieldErrors: { idPhoto: ID_PHOTO_TEXT.off } });
    expect(await rowOf(jobId)).toBeUndefined();
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses an oversized photo and one whose bytes are not a JPEG, writing nothing", async () => {
    await setKeep("owner", true);
    const { token, jobId } = await onSite();
    const big = Buffer.concat([JPEG, Buffer.alloc(ID_PHOTO_MAX_BYTES)]);
    const tooLarge = (await postCheck(token, big)) as { data: unknown };
    expect(tooLarge.data).toMatchObject({ fieldErrors: { idPhoto: ID_PHOTO_TEXT.tooLarge } });
    const notJpeg = (await postCheck(token, PNG)) as { data: unknown };
    expect(notJpeg.data).toMatchObject({ fieldErrors: { idPhoto: ID_PHOTO_TEXT.notJpeg } });
    expect(await rowOf(jobId)).toBeUndefined();
    expect(filesOnDisk()).toEqual([]);
  });

  it("keeps a checked photo sealed on disk, shows it to the owner only, logged, and purges it", async () => {
    await setKeep("owner", true);
    const { token, jobId, lead } = await onSite();
    const done = (await postCheck(token, JPEG)) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toContain("done=door_checked");
    const row = await rowOf(jobId);
    expect(row).toMatchObject({ outcome: "checked" });
    expect(row!.idPhotoKey).toMatch(/^[0-9a-f]{32}$/);
    const [file] = filesOnDisk();
    const onDisk = fs.readFileSync(file!);
    // Sealed: not a JPEG, and the photo's bytes are nowhere in it.
    expect([...onDisk.subarray(0, 3)]).not.toEqual([0xff, 0xd8, 0xff]);
    expect(onDisk.includes(JPEG.subarray(4, 200))).toBe(false);

    const open = async (role: "owner" | "admin") => {
      const args = {
        request: new Request("https://x/"),
        context: await asRole(role),
        params: { id: jobId },
      };
      return photoLoader(args as unknown as Parameters<typeof photoLoader>[0]).catch(
        (thrown: unknown) => thrown,
      );
    };
    const opened = () =>
      listLeadActivity(db(), lead.id).then((log) =>
        log.filter((entry) => entry.action === "door_check_opened"),
      );
    expect(((await open("admin")) as Response).status).toBe(403);
    expect(await opened()).toEqual([]);
    const photo = (await open("owner")) as Response;
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/jpeg");
    expect(photo.headers.get("Cache-Control")).toContain("no-store");
    expect(Buffer.from(await photo.arrayBuffer()).equals(JPEG)).toBe(true);
    expect(await opened()).toMatchObject([{ after: { photo: true }, actorKind: "user" }]);

    // Past its retention, the timer empties the record: pointer cleared, bytes removed, logged.
    await db()
      .update(doorChecks)
      .set({ recordedAt: new Date("2020-01-10T18:00:00Z") })
      .where(eq(doorChecks.jobId, jobId));
    await db().delete(timers).where(eq(timers.key, "purge_door_checks"));
    const now = new Date();
    await scheduleTimer(db(), { kind: "purge_door_checks", key: "purge_door_checks", dueAt: now });
    await fireDueTimers(
      { ...watchDeps(db(), () => watchSettings()), files: diskFileStore(filesDir) },
      { now },
    );
    expect(await rowOf(jobId)).toMatchObject({ idPhotoKey: null, idLast4: null });
    expect(filesOnDisk()).toEqual([]);
    const log = await listLeadActivity(db(), lead.id);
    expect(log.find((entry) => entry.action === "door_check_purged")).toMatchObject({
      after: { idPhotoPurged: true },
    });
    expect(((await open("owner")) as { init: ResponseInit }).init.status).toBe(404);
  });
});
