/**
 * The lead thread at volume (issue 12), for scripts/bench/admin-lists.ts: customers, jobs,
 * dispatch codes and an activity log around the leads it loaded, then what the lead page's
 * loader reads, a 200-event timeline, and a web request's duplicate check on insert.
 */
import { desc, sql } from "drizzle-orm";
import { leadTimeline } from "../../app/lib/leads/timeline";
import { leads } from "../../app/server/db/business-tables.server";
import type { DatabaseHandle } from "../../app/server/db/database.server";
import { readLeadPage } from "../../app/server/screens/lead-page.server";
import { listLocksmiths } from "../../app/server/locksmiths/locksmiths.server";
import { storeWebRequest } from "../../app/server/leads/service-requests.server";

/** Events on the busiest lead's timeline (the figure). */
const BUSY_TIMELINE = 200;

/**
 * Around `leads` rows already loaded: a locksmith crew, one job per third lead, one code per
 * fifth, three activity entries per lead, customers by phone (the migration's own linking
 * function), and one lead with a 200-event timeline. Returns leads to open.
 */
export async function loadLeadThreads(
  handle: DatabaseHandle,
): Promise<{ sample: string[]; busy: string }> {
  const { db } = handle;
  await db.execute(sql`
    insert into locksmiths (name, phone, assigned_zips, default_cut_percent, active)
    select 'Bench Smith ' || g, '+1708555' || lpad(g::text, 4, '0'),
      array['60453','60462','60629'], 60, g % 10 <> 0
    from generate_series(1, 40) as g`);
  await db.execute(sql`
    with crew as (select array_agg(id) ids from locksmiths)
    update leads set assigned_locksmith_id = crew.ids[1 + abs(hashtext(leads.id::text)) % 40],
      address = (abs(hashtext(leads.id::text)) % 9000 + 100) || ' S Pulaski Rd'
    from crew where leads.status <> 'new'`);
  await db.execute(sql`
    insert into jobs (lead_id, client_name, job_type, locksmith_id, status, final_price_cents,
      their_cut_percent, their_cut_cents, your_cut_cents, completed_at, created_at)
    select id, coalesce(name, 'Unknown'), service_type, assigned_locksmith_id,
      case status when 'completed' then 'completed'::job_status
        when 'cancelled' then 'cancelled'::job_status else 'in_progress'::job_status end,
      case when status = 'completed' then 15000 end,
      case when status = 'completed' then 60 end,
      case when status = 'completed' then 9000 end,
      case when status = 'completed' then 6000 end,
      case when status = 'completed' then created_at + interval '2 hours' end,
      created_at + interval '20 minutes'
    from (select *, row_number() over () as n from leads where assigned_locksmith_id is not null) l
    where n % 3 = 0`);
  await db.execute(sql`
    insert into dispatch_codes (code, lead_id, locksmith_id, status, expiration_time, created_at)
    select upper(substr(md5(id::text), 1, 6)) || n, id, assigned_locksmith_id, 'assigned',
      created_at + interval '24 hours', created_at + interval '10 minutes'
    from (select *, row_number() over () as n from leads where assigned_locksmith_id is not null) l
    where n % 5 = 0`);
  await db.execute(sql`
    insert into activity_log (at, actor_kind, actor_name, entity, entity_id, action, after, lead_id)
    select created_at + step * interval '7 minutes', 'user', 'Bench Operator', 'lead', id::text,
      (array['created','assigned','status_changed'])[step + 1],
      jsonb_build_object('status', status), id
    from leads, generate_series(0, 2) as step`);
  await db.execute(sql`select lockline_link_customers()`);

  const [busy] = await db
    .select({ id: leads.id })
    .from(leads)
    .orderBy(desc(leads.createdAt))
    .limit(1);
  await db.execute(sql`
    insert into activity_log (at, actor_kind, actor_name, entity, entity_id, action, after, lead_id)
    select now() - g * interval '1 minute', 'user', 'Bench Operator', 'lead', ${busy!.id},
      'noted', jsonb_build_object('note', 'Called back, attempt ' || g), ${busy!.id}::uuid
    from generate_series(1, ${BUSY_TIMELINE}) as g`);
  // Random ids are a random sample: leads of every age and status.
  const sample = (await db.select({ id: leads.id }).from(leads).orderBy(leads.id).limit(100)).map(
    (row) => row.id,
  );
  return { sample, busy: busy!.id };
}

/** What /admin/leads/:id's loader runs: the page's reads and the dispatch picker's crew. */
async function leadPageLoad(handle: DatabaseHandle, id: string) {
  const [page] = await Promise.all([
    readLeadPage(handle.db, id),
    listLocksmiths(handle.db, { status: "active", pageSize: 1000 }),
  ]);
  if (!page) throw new Error(`lead ${id} not found`);
  return leadTimeline(page.timeline);
}

/** Cases to time, each a function of the iteration number. */
export function leadThreadCases(
  handle: DatabaseHandle,
  threads: { sample: string[]; busy: string },
): [string, (i: number) => Promise<unknown>][] {
  const runId = Date.now() % 1_000_000;
  const phone = (i: number) =>
    `+1630${String(200 + (runId % 700)).padStart(3, "0")}${String(i).padStart(4, "0")}`;
  const request = (i: number) => ({
    name: `Bench Visitor ${i}`,
    phone: phone(i),
    serviceType: "automotive" as const,
    zip: "60453",
    address: "6118 S Pulaski Rd",
    details: "Locked out",
  });
  return [
    [
      "Lead page (loader reads)",
      (i) => leadPageLoad(handle, threads.sample[i % threads.sample.length]!),
    ],
    [
      `Lead page, ${BUSY_TIMELINE}-event timeline`,
      async () => {
        const timeline = await leadPageLoad(handle, threads.busy);
        if (timeline.length < BUSY_TIMELINE) throw new Error("timeline cut short");
      },
    ],
    ["Web request, new phone (check + insert)", (i) => storeWebRequest(handle.db, request(i))],
    [
      "Web request, repeat phone (joins its lead)",
      async (i) => {
        const { joined } = await storeWebRequest(handle.db, request(i % 3));
        if (!joined && i > 3) throw new Error("a repeat request made a second lead");
      },
    ],
  ];
}
