/** A delivery's price and fee, one line each (and the total, when given, under a rule). */
export function Charges({ rows, testId }: { rows: [string, string][]; testId: string }) {
  return (
    <dl className="mt-4 grid gap-1 rounded-xl bg-white px-4 py-3" data-testid={testId}>
      {rows.map(([label, value], index) => (
        <div
          key={`${index}-${label}`}
          className={`flex justify-between gap-4 ${label === 'Total' ? 'mt-1 border-t border-butter pt-2 font-bold text-cocoa' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="font-bold text-cocoa">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
