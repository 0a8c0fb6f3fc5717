import { eq } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import { ID_PHOTO_TEXT, idPhotoProblem } from "~/lib/door-check/id-photo";
import { recordActivity } from "../activity/activity.server";
import type { FileStore } from "../compliance/file-store.server";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import { doorChecks } from "../db/door-check-tables.server";
import { RuleError } from "../rule-error.server";
import { configuredPhotoCipher, type PhotoCipher } from "./id-photo-cipher.server";

/*
 * The redacted ID photo (decision 0077): an owner's setting, off by default; the sealed bytes
 * in the compliance file store (so the backups carry them), pointed at by the door_checks row,
 * written before the check's transaction and removed again if it rolls back.
 */

const SETTING_KEY = "door_check_id_photo";
export const ID_PHOTO_SETTING_CHANGED = "door_check_id_photo_changed";

export async function readKeepIdPhoto(db: Db): Promise<boolean> {
  return (await readSetting<{ keep?: unknown }>(db, SETTING_KEY))?.keep === true;
}

/** Saves the setting in the caller's transaction, logged as a settings change when it changes. */
export async function saveKeepIdPhoto(tx: Db, keep: boolean, actor: Actor): Promise<void> {
  const before = await readKeepIdPhoto(tx);
  if (before === keep) return;
  await writeSetting(tx, SETTING_KEY, { keep });
  await recordActivity(tx, {
    actor,
    entity: "settings",
    entityId: SETTING_KEY,
    action: ID_PHOTO_SETTING_CHANGED,
    before: { keep: before },
    after: { keep },
  });
}

/** Whether the locksmith's check offers the photo step: the owner's setting, and a key to seal. */
export async function idPhotoOffered(
  db: Db,
  env: { ID_PHOTO_ENCRYPTION_KEY?: string },
): Promise<boolean> {
  return configuredPhotoCipher(env) !== null && (await readKeepIdPhoto(db));
}

/** Where a photo is sealed and kept: the file store and the cipher of this server. */
export interface IdPhotoVault {
  store: FileStore;
  cipher: PhotoCipher;
}

/** The uploaded photo, checked by its bytes; RuleError on the `idPhoto` field otherwise. */
export function checkedIdPhoto(bytes: Uint8Array): Uint8Array {
  const problem = idPhotoProblem(bytes);
  if (problem) throw new RuleError(problem, { field: "idPhoto" });
  return bytes;
}

/**
 * Seals and stores a photo, then runs `record` with its key (the check's transaction); when
 * that fails the bytes are removed again, so nothing half-written stays.
 */
export async function withStoredIdPhoto<T>(
  vault: IdPhotoVault,
  bytes: Uint8Array,
  jobId: string,
  record: (key: string) => Promise<T>,
): Promise<T> {
  const key = await vault.store.put(vault.cipher.seal(bytes, jobId));
  try {
    return await record(key);
  } catch (error) {
    await vault.store.remove(key).catch(() => {});
    throw error;
  }
}

/** In the check's transaction: a photo is kept only while the owner's setting is on. */
export async function requireIdPhotoAllowed(tx: Db): Promise<void> {
  if (!(await readKeepIdPhoto(tx))) throw new RuleError(ID_PHOTO_TEXT.off, { field: "idPhoto" });
}

/**
 * An owner opens a record's photo: logged as an opening of the record, each time. Not found
 * when the record has none (never kept, or purged) or its bytes are gone.
 */
export async function openIdPhoto(
  db: Db,
  /** The cipher is null when ID_PHOTO_ENCRYPTION_KEY is not set: a kept photo is then a 503. */
  vault: { store: FileStore; cipher: PhotoCipher | null },
  jobId: string,
  actor: Actor,
  openingAction: string,
): Promise<Uint8Array> {
  const [check] = await db
    .select({ id: doorChecks.id, leadId: doorChecks.leadId, key: doorChecks.idPhotoKey })
    .from(doorChecks)
    .where(eq(doorChecks.jobId, jobId));
  if (!check?.key) throw new RuleError(ID_PHOTO_TEXT.noPhoto, { notFound: true });
  if (!vault.cipher) throw new RuleError(ID_PHOTO_TEXT.noKey, { status: 503 });
  const stream = await vault.store.open(check.key);
  if (!stream) throw new RuleError(ID_PHOTO_TEXT.gone, { notFound: true });
  const sealed = new Uint8Array(await new Response(stream).arrayBuffer());
  const photo = vault.cipher.open(sealed, jobId);
  if (!photo) throw new Error("The ID photo does not open with ID_PHOTO_ENCRYPTION_KEY.");
  await recordActivity(db, {
    actor,
    entity: "job",
    entityId: jobId,
    action: openingAction,
    after: { checkId: check.id, photo: true },
    leadId: check.leadId,
  });
  return photo;
}

/** Removes purged photos' bytes, after the purge's transaction committed. */
export async function removeIdPhotos(store: FileStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await store.remove(key);
}
