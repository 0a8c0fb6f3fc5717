import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** The period's Google Local Services leads: charged, credited, waiting on a credit (issue 51). */
export function LsaCounts({
  counts,
}: {
  counts: { leads: number; charged: number; credited: number; pending: number };
}) {
  const cells: [string, number][] = [
    ["Leads", counts.leads],
    ["Charged", counts.charged],
    ["Credited", counts.credited],
    ["Credit pending", counts.pending],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Google Local Services</CardTitle>
        <CardDescription>
          Leads Google sent in the period, by the day Google made them: how many it charged for,
          credited after a “Not a real lead”, and still has to decide.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {cells.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
