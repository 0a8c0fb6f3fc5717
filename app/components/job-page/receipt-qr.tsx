/**
 * The completion screen's QR code (issue 44): the customer scans it for their own page, with
 * the receipt and the review link, whether or not they agreed to texts. The link is in the
 * image only (and a data attribute for tests), never written out for staff to read.
 */
export function ReceiptQr({ image, target }: { image: string; target: string }) {
  return (
    <section
      aria-labelledby="receipt-qr-heading"
      className="rounded-xl border-2 border-slate-300 bg-white p-4 text-center"
    >
      <h2 id="receipt-qr-heading" className="text-lg font-bold">
        The customer's receipt
      </h2>
      <img
        src={image}
        alt="QR code: opens the customer's receipt and review link"
        width={224}
        height={224}
        className="mx-auto mt-3 size-56"
        data-qr-target={target}
      />
      <p className="mt-3 text-sm">
        Let the customer scan this with their phone's camera: it opens their receipt and the review
        link.
      </p>
    </section>
  );
}
