import type { LucideIcon } from "lucide-react";
import { Card } from "~/components/ui/card";

interface StatCardProps {
  title: string;
  value: string;
  detail?: string;
  icon: LucideIcon;
}

export function StatCard({ title, value, detail, icon: Icon }: StatCardProps) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
          <p className="mt-1 text-2xl font-bold tracking-tight">{value}</p>
          {detail && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
        </div>
        <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
    </Card>
  );
}
