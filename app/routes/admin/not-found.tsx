import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";

export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">This part of the dashboard doesn't exist (yet).</p>
      <Button asChild className="mt-6">
        <Link to="/admin">Back to the dashboard</Link>
      </Button>
    </div>
  );
}
