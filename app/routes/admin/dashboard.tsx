import { Settings, User, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { displayName } from "~/lib/user-display";
import { userContext } from "~/server/auth-session.server";
import { servicesContext } from "~/server/context.server";
import { listTeam } from "~/server/users.server";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const team = await listTeam(context.get(servicesContext).database.db);
  return {
    name: displayName(user),
    isOwner: user.role === "owner",
    pending: team.filter((member) => member.role === "pending").length,
    teamSize: team.length,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Manage your locksmith business" />
      <p className="mb-6 text-sm">Welcome, {loaderData.name}.</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <UserCheck className="size-5 text-brand-700" aria-hidden="true" />
              Team
            </CardTitle>
            <CardDescription>
              {loaderData.teamSize} account{loaderData.teamSize === 1 ? "" : "s"}
              {loaderData.pending > 0 && `, ${loaderData.pending} awaiting approval`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link
              to="/admin/settings"
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {loaderData.isOwner && loaderData.pending > 0 ? "Review sign-ups" : "View the team"}
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <User className="size-5 text-brand-700" aria-hidden="true" />
              Profile
            </CardTitle>
            <CardDescription>Your name, password and signed-in devices.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link
              to="/admin/profile"
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Open profile
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Settings className="size-5 text-brand-700" aria-hidden="true" />
              Settings
            </CardTitle>
            <CardDescription>Team approvals and the business details in use.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link
              to="/admin/settings"
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Open settings
            </Link>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
