import { Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents } from "~/lib/money/money";
import { formatPhone } from "~/lib/phone";
import type { SourceView } from "~/lib/reports/source-changes";
import { IntentForm, TextInput } from "./intent-form";

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What Delete asks first: what goes with the source, and what stays. */
function deleteQuestion(source: SourceView): string {
  const months = Object.keys(source.spend).length;
  return `Delete ${source.name}? Its ${count(source.numbers.length, "tracking number")} and ${count(months, "month")} of spend go with it; its leads keep the name.`;
}

/** One source: its tracking numbers and its spend per month; owners change them. */
export function SourceCard({ source, isOwner }: { source: SourceView; isOwner: boolean }) {
  const months = Object.entries(source.spend).sort(([a], [b]) => b.localeCompare(a));
  const slug = source.id.slice(0, 8);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle as="h2">{source.name}</CardTitle>
        {isOwner && (
          <IntentForm intent="delete-source" confirm={deleteQuestion(source)}>
            <input type="hidden" name="sourceId" value={source.id} />
            <Button type="submit" variant="outline" size="sm">
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> {source.name}</span>
            </Button>
          </IntentForm>
        )}
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section
          aria-label={`${source.name}: tracking numbers`}
          className="grid content-start gap-2"
        >
          <h3 className="font-medium">Tracking numbers</h3>
          {source.numbers.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {source.numbers.map((phone) => (
                <li key={phone} className="flex items-center gap-2">
                  <span className="tabular-nums">{formatPhone(phone)}</span>
                  {isOwner && (
                    <IntentForm intent="remove-number">
                      <input type="hidden" name="phone" value={phone} />
                      <Button type="submit" variant="ghost" size="sm">
                        Remove<span className="sr-only"> {formatPhone(phone)}</span>
                      </Button>
                    </IntentForm>
                  )}
                </li>
              ))}
            </ul>
          )}
          {isOwner && (
            <IntentForm intent="add-number" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="sourceId" value={source.id} />
              <TextInput
                name="phone"
                id={`number-${slug}`}
                label={`Add a number to ${source.name}`}
                type="tel"
                placeholder="(312) 555-0199"
                intent="add-number"
              />
              <Button type="submit" variant="outline">
                Add number
              </Button>
            </IntentForm>
          )}
        </section>
        <section aria-label={`${source.name}: spend`} className="grid content-start gap-2">
          <h3 className="font-medium">Spend per month</h3>
          {months.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              None entered: its cost per lead shows “—”.
            </p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {months.map(([month, cents]) => (
                <li key={month} className="flex justify-between gap-4 tabular-nums">
                  <span>{month.slice(0, 7)}</span>
                  <span>{formatCents(cents)}</span>
                </li>
              ))}
            </ul>
          )}
          {isOwner && (
            <IntentForm intent="set-spend" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="sourceId" value={source.id} />
              <TextInput
                name="month"
                id={`month-${slug}`}
                label="Month"
                type="month"
                intent="set-spend"
                className="w-44"
              />
              <TextInput
                name="amount"
                id={`amount-${slug}`}
                label="Spend ($)"
                inputMode="decimal"
                intent="set-spend"
                className="w-32"
              />
              <Button type="submit" variant="outline">
                Save spend<span className="sr-only"> for {source.name}</span>
              </Button>
            </IntentForm>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
