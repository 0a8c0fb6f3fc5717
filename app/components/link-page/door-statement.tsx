/*
 * The statement at the door, on the customer's own page (issue 49): the locksmith asked for
 * it, the customer reads it, types their name and confirms. A plain form: no JavaScript.
 */
export function DoorStatement({ statement, typedName }: { statement: string; typedName?: string }) {
  return (
    <section
      aria-labelledby="statement-heading"
      className="rounded-xl border-2 border-brand-700 bg-white p-4 shadow-sm"
    >
      <h2 id="statement-heading" className="text-lg font-bold">
        Confirm your right to enter
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Your locksmith checks this before opening anything, to protect you and your home.
      </p>
      <form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="door_statement" />
        <blockquote className="rounded-lg bg-slate-100 p-3 text-base">{statement}</blockquote>
        <div className="grid gap-1">
          <label htmlFor="statement-name" className="font-medium">
            Your full name
          </label>
          <input
            id="statement-name"
            name="signerName"
            required
            minLength={2}
            maxLength={120}
            autoComplete="name"
            defaultValue={typedName}
            className="h-12 rounded-lg border-2 border-slate-400 px-3 text-base"
          />
        </div>
        <label className="flex items-start gap-3 text-base">
          <input type="checkbox" name="consent" required className="mt-1 size-5 shrink-0" />
          <span>I confirm the statement above, and I typed my name myself.</span>
        </label>
        <button
          type="submit"
          className="h-14 w-full rounded-lg bg-brand-700 text-lg font-semibold text-white"
        >
          Confirm the statement
        </button>
      </form>
    </section>
  );
}
