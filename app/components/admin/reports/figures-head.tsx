/** A figure's cell in a report table: right-aligned, digits of one width. */
export const FIGURE_CELL = "px-3 py-2 text-right tabular-nums";

/** The head of a report table: what each row is on the left, then its figures. */
export function FiguresHead({ first, heads }: { first: string; heads: readonly string[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        <th scope="col" className="px-3 py-2 text-left font-semibold">
          {first}
        </th>
        {heads.map((head) => (
          <th key={head} scope="col" className={`${FIGURE_CELL} font-semibold`}>
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
