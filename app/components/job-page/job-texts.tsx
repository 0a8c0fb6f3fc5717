import { MessageSquare } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatTime } from "~/lib/format";
import { RELAY_MAX_LENGTH } from "~/lib/texting/relay";
import type { JobActionErrors } from "./job-actions";

export interface JobTextsView {
  texts: { id: string; at: Date | string; from: "locksmith" | "customer"; text: string }[];
  canSend: boolean;
}

/**
 * Texts with the customer through the business number (issue 50): what each side wrote,
 * and a box to write the next; the customer's number is never on the page.
 */
export function JobTexts({
  conversation,
  errors,
  typed,
}: {
  conversation: JobTextsView;
  errors: JobActionErrors;
  typed?: string;
}) {
  const error = errors.fields?.body;
  return (
    <section aria-labelledby="job-texts" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="job-texts" className="text-lg font-bold">
        Texts with the customer
      </h2>
      {conversation.texts.length > 0 ? (
        <ol className="mt-3 grid gap-2" aria-label="The conversation, oldest first">
          {conversation.texts.map((text) => (
            <li
              key={text.id}
              className={
                text.from === "locksmith"
                  ? "ml-8 rounded-lg bg-slate-100 p-3"
                  : "mr-8 rounded-lg border-2 border-slate-300 p-3"
              }
            >
              <p className="text-sm font-medium text-muted-foreground">
                {text.from === "locksmith" ? "You" : "The customer"}, {formatTime(text.at)}
              </p>
              <p className="whitespace-pre-line">{text.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-muted-foreground">
          Your texts go from the business&apos;s number; the customer&apos;s replies come to you by
          text and show here.
        </p>
      )}
      {conversation.canSend ? (
        <Form method="post" replace className="mt-3 grid gap-2">
          <input type="hidden" name="intent" value="text_customer" />
          <Label htmlFor="text-customer">Text the customer</Label>
          <Textarea
            id="text-customer"
            name="body"
            required
            rows={3}
            maxLength={RELAY_MAX_LENGTH}
            defaultValue={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "text-customer-error" : undefined}
          />
          {error && (
            <p id="text-customer-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" size="lg" variant="outline" className="w-full">
            <MessageSquare aria-hidden="true" />
            Send the text
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-muted-foreground">
          You can text the customer once you accept the job.
        </p>
      )}
    </section>
  );
}
