import { Briefcase, ChevronRight, ClipboardList, UserCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export interface TeamHint {
  total: number;
  pending: number;
  isOwner: boolean;
}

const ACTIONS = [
  {
    to: "/admin/locksmiths",
    label: "Manage locksmiths",
    detail: "Roster, ZIP codes and cuts",
    icon: Users,
  },
  {
    to: "/admin/leads?status=new",
    label: "New leads",
    detail: "Assign them to a locksmith",
    icon: ClipboardList,
  },
  {
    to: "/admin/jobs?status=in_progress",
    label: "Jobs in progress",
    detail: "Statuses and pricing",
    icon: Briefcase,
  },
] as const;

/**
 * The quick actions of docs/spec/back-office.md §2 Dashboard (locksmiths, leads, jobs), each
 * opening its list at what usually needs doing.
 */
export function QuickActions({ team }: { team: TeamHint | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
        <CardDescription>Jump to the work waiting for you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <ul className="grid gap-2">
          {ACTIONS.map(({ to, label, detail, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg border border-border px-3 py-2.5 hover:bg-muted"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-md bg-brand-50 text-brand-700">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid min-w-0 flex-1">
                  <span className="text-sm font-semibold">{label}</span>
                  <span className="text-xs text-muted-foreground">{detail}</span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
        {team && <TeamLine team={team} />}
      </CardContent>
    </Card>
  );
}

/** Sign-ups wait for an owner's approval (docs/decisions/0006-access-model.md). */
function TeamLine({ team }: { team: TeamHint }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <UserCheck className="size-4" aria-hidden="true" />
      <span>
        Team: {team.total} account{team.total === 1 ? "" : "s"}
        {team.pending > 0 && (
          <strong className="font-semibold text-amber-900">
            , {team.pending} awaiting approval
          </strong>
        )}
      </span>
      <Link to="/admin/settings" className="font-semibold text-brand-700 hover:underline">
        {team.isOwner && team.pending > 0 ? "Review sign-ups" : "View the team"}
      </Link>
    </p>
  );
}
