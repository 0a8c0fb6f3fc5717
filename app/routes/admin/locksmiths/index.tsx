import { Link } from "react-router";
import { AddButton, ListPage } from "~/components/admin/data-list/list-page";
import { Button } from "~/components/ui/button";
import { optionsOf } from "~/components/admin/data-list/list-toolbar";
import { useDialogState } from "~/components/admin/dialog-state";
import type { LocksmithDraft } from "~/components/admin/locksmiths/locksmith-dialog";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { LocksmithList } from "~/components/admin/locksmiths/locksmith-list";
import { LOCKSMITH_STATUSES } from "~/lib/business-enums";
import { licenseToday } from "~/lib/locksmiths/license";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { pageSizeFor, parseListParams } from "~/lib/admin/pagination";
import { locksmithActionSchema } from "~/lib/schemas/locksmiths";
import { LOCKSMITH_STATUS_LABELS } from "~/lib/status-labels";
import { userActor } from "~/server/auth/session.server";
import { insuranceExpiries } from "~/server/compliance/compliance.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { loadPage } from "~/server/route-helpers/load-or-error.server";
import {
  createLocksmith,
  listLocksmiths,
  setLocksmithActive,
  updateLocksmith,
} from "~/server/locksmiths/locksmiths.server";
import type { Route } from "./+types/index";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

// Its code (form, schema, Conform) loads when first opened (decision 0040).
const LocksmithDialog = lazyDialog(() =>
  import("~/components/admin/locksmiths/locksmith-dialog").then((module) => module.LocksmithDialog),
);

export const handle = { liveTables: ["locksmiths"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const params = {
    ...parseListParams(new URL(request.url).searchParams, LOCKSMITH_STATUSES),
    pageSize: pageSizeFor(request.headers),
  };
  const { data: page, loadError } = await loadPage(FAILURE.loadLocksmiths, () =>
    listLocksmiths(db, params),
  );
  // Their insurance's last day (decision 0064), for this page's rows only.
  const insurance = Object.fromEntries(
    page.rows.length > 0
      ? await insuranceExpiries(
          db,
          page.rows.map((row) => row.id),
        )
      : [],
  );
  // The license warnings are read against today in Chicago, once, on the server.
  return { page, loadError, today: licenseToday(), insurance };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, locksmithActionSchema, {
    create: {
      failure: FAILURE.saveLocksmith,
      form: true,
      run: async ({ intent: _, ...fields }) => {
        await createLocksmith(db, fields, userActor(context));
        return { toast: SUCCESS.locksmithAdded };
      },
    },
    update: {
      failure: FAILURE.saveLocksmith,
      form: true,
      run: async ({ intent: _, id, ...fields }) => {
        await updateLocksmith(db, id, fields, userActor(context));
        return { toast: SUCCESS.locksmithUpdated };
      },
    },
    toggle: {
      failure: FAILURE.updateLocksmithStatus,
      run: async ({ locksmithId, active }) => {
        const saved = await setLocksmithActive(db, locksmithId, active, userActor(context));
        return {
          toast: saved.active ? SUCCESS.locksmithActivated : SUCCESS.locksmithDeactivated,
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Locksmiths | Admin" }];

export default function LocksmithsPage({ loaderData }: Route.ComponentProps) {
  const editor = useDialogState<LocksmithDraft>("locksmith", (id) =>
    loaderData.page.rows.find((row) => row.id === id),
  );
  return (
    <>
      <ListPage
        title="Locksmiths"
        description="Your roster. Click a status to switch a locksmith between Active and Inactive."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/locksmiths/board">Board: who is free</Link>
            </Button>
            <AddButton trigger={editor.trigger()}>Add Locksmith</AddButton>
          </>
        }
        toolbar={{
          searchLabel: "Search locksmiths",
          searchPlaceholder: "Search by name, phone or email",
          statuses: optionsOf(LOCKSMITH_STATUSES, LOCKSMITH_STATUS_LABELS),
        }}
        page={loaderData.page}
        loadError={loaderData.loadError}
        empty={{
          noMatches: "No locksmiths match. Try another search or status.",
          nothingYet: "No locksmiths yet. Add the first one with Add Locksmith.",
        }}
      >
        {(rows) => (
          <LocksmithList
            rows={rows}
            today={loaderData.today}
            insurance={loaderData.insurance}
            editTrigger={(row) => editor.trigger(row, row.id)}
          />
        )}
      </ListPage>
      <LocksmithDialog
        key={editor.key}
        open={editor.open}
        onOpenChange={editor.setOpen}
        {...editor.address}
        locksmith={editor.item}
      />
    </>
  );
}
