import { useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/lib/money/money";
import type { QuoteView } from "~/lib/money/quote";
import type { JobActionErrors } from "./job-actions";
import { QuoteField } from "./quote-field";

/*
 * "Customer signs here" (issue 44, decision 0055): where no code can reach the customer's
 * phone, the customer approves on the locksmith's device. They type their full name and tick
 * the box (the keyboard way, and the whole form without JavaScript); with a finger or a
 * stylus they may also sign on the pad, sent as a PNG data URL. The server refuses it for a
 * customer a code can reach.
 */

/** The pad's drawing size in pixels (CSS scales it to the screen's width). */
const PAD = { width: 600, height: 200 };

export function SignatureApproval({
  quote,
  service,
  errors,
}: {
  quote: QuoteView;
  service: string;
  errors: JobActionErrors;
}) {
  const field = (name: string) => errors.fields?.[name];
  const amount = formatCents(quote.amountCents);
  return (
    <section
      aria-labelledby="signature-heading"
      className="grid gap-3 rounded-xl border-2 border-brand-700 bg-white p-4 shadow-sm"
    >
      <h2 id="signature-heading" className="text-lg font-bold">
        Customer signs here
      </h2>
      <p className="text-sm text-muted-foreground">
        No code can reach the customer&apos;s phone, so they approve on your screen. Hand them the
        phone: only the customer fills this in.
      </p>
      <Form method="post" replace className="grid gap-3">
        <input type="hidden" name="intent" value="approve_with_signature" />
        <input type="hidden" name="quoteId" value={quote.id} />
        <fieldset className="grid gap-3 rounded-lg border border-dashed border-brand-700 p-3">
          <legend className="px-1 text-sm font-semibold">For the customer</legend>
          <QuoteField
            name="signerName"
            label="Your full name (the customer)"
            error={field("signerName")}
            defaultValue={errors.typed?.signerName}
            autoComplete="name"
            required
          />
          <SignaturePad error={field("signature")} />
          <div className="grid gap-1">
            <label className="flex items-start gap-3 text-base">
              <input
                type="checkbox"
                name="consent"
                required
                className="mt-1 size-5 shrink-0"
                aria-invalid={field("consent") ? true : undefined}
                aria-describedby={field("consent") ? "consent-error" : undefined}
              />
              <span>
                I am the customer. I approve {amount} for {service}, and I signed or typed my name
                myself.
              </span>
            </label>
            {field("consent") && (
              <p id="consent-error" className="text-sm font-medium text-destructive">
                {field("consent")}
              </p>
            )}
          </div>
        </fieldset>
        <Button type="submit" size="lg" className="w-full">
          Customer approves {amount}
        </Button>
      </Form>
    </section>
  );
}

/**
 * The drawing pad: pointer events on a canvas (a finger, a stylus or a mouse), the picture
 * kept in a hidden field as a PNG data URL. Optional: the typed name is the keyboard's way.
 */
export function SignaturePad({ error }: { error?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [picture, setPicture] = useState("");

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * PAD.width) / box.width,
      y: ((event.clientY - box.top) * PAD.height) / box.height,
    };
  };
  const lineTo = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext("2d");
    const from = last.current;
    if (!context || !from) return;
    context.lineWidth = 3;
    context.lineCap = "round";
    context.strokeStyle = "#111827";
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
  };
  const clear = () => {
    canvas.current?.getContext("2d")?.clearRect(0, 0, PAD.width, PAD.height);
    setPicture("");
  };

  return (
    <div className="grid gap-1">
      <p id="signature-pad-label" className="text-sm font-medium">
        Your signature (optional: draw with a finger)
      </p>
      <canvas
        ref={canvas}
        width={PAD.width}
        height={PAD.height}
        role="img"
        aria-labelledby="signature-pad-label"
        aria-describedby={error ? "signature-error" : undefined}
        data-signature-pad
        className="h-32 w-full touch-none rounded-md border-2 border-muted-foreground bg-white"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = point(event);
          lineTo({ x: last.current.x + 0.1, y: last.current.y + 0.1 });
        }}
        onPointerMove={(event) => {
          if (last.current) lineTo(point(event));
        }}
        onPointerUp={() => {
          last.current = null;
          setPicture(canvas.current?.toDataURL("image/png") ?? "");
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
      <input type="hidden" name="signature" value={picture} />
      <div className="flex items-center justify-between gap-2 text-sm">
        <span aria-live="polite">{picture ? "Signed." : "Not signed yet."}</span>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!picture}>
          Clear the signature
        </Button>
      </div>
      {error && (
        <p id="signature-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
