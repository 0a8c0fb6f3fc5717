import { ListPage } from "~/components/admin/data-list/list-page";
import { optionsOf } from "~/components/admin/data-list/list-toolbar";
import { MessagesList } from "~/components/admin/messages/messages-list";
import { MESSAGE_PURPOSES, MESSAGE_STATUSES } from "~/lib/business-enums";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { pageSizeFor, parseChoice, parseListParams } from "~/lib/admin/pagination";
import { messageActionSchema } from "~/lib/schemas/messages";
import { MESSAGE_PURPOSE_LABELS, MESSAGE_STATUS_LABELS } from "~/lib/status-labels";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { loadPage } from "~/server/route-helpers/load-or-error.server";
import { dropMessage, listMessages, resendMessage } from "~/server/texting/outbox.server";
import { readTextSettings, textSender } from "~/server/texting/text-settings.server";
import type { Route } from "./+types/index";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

export const handle = { liveTables: ["messages"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const search = new URL(request.url).searchParams;
  const params = {
    ...parseListParams(search, MESSAGE_STATUSES),
    pageSize: pageSizeFor(request.headers),
  };
  const purpose = parseChoice(search, "purpose", MESSAGE_PURPOSES);
  const [{ data: page, loadError }, settings] = await Promise.all([
    loadPage(FAILURE.loadMessages, () => listMessages(database.db, { ...params, purpose })),
    readTextSettings(database.db),
  ]);
  const sender = textSender(env, settings);
  return { page, loadError, sender: sender.configured ? null : sender.missing };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  return handleIntents(request, messageActionSchema, {
    resend: {
      failure: FAILURE.resendMessage,
      run: async ({ messageId }) => {
        const sender = textSender(env, await readTextSettings(db));
        await resendMessage(db, messageId, sender, userActor(context));
        return { toast: SUCCESS.messageResent };
      },
    },
    drop: {
      failure: FAILURE.dropMessage,
      run: async ({ messageId }) => {
        await dropMessage(db, messageId, userActor(context));
        return { toast: SUCCESS.messageDropped };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | Admin" }];

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const missing = loaderData.sender;
  return (
    <ListPage
      title="Messages"
      description={
        missing
          ? `Texting is not configured (set ${missing}): texts wait here as not sent, with Copy, to send from your own phone.`
          : "Every text the business sends, newest first, and how it went."
      }
      toolbar={{
        searchLabel: "Search messages",
        searchPlaceholder: "Search by phone number",
        statuses: optionsOf(MESSAGE_STATUSES, MESSAGE_STATUS_LABELS),
        filters: [
          {
            name: "purpose",
            label: "Filter by purpose",
            allLabel: "All purposes",
            options: optionsOf(MESSAGE_PURPOSES, MESSAGE_PURPOSE_LABELS),
          },
        ],
      }}
      page={loaderData.page}
      loadError={loaderData.loadError}
      empty={{
        noMatches: "No texts match this search and filter.",
        nothingYet: "No texts yet. Dispatching a lead queues the locksmith's text here.",
      }}
    >
      {(rows) => <MessagesList rows={rows} canSend={!missing} />}
    </ListPage>
  );
}
