import type { CustomerOwed } from './request-status.ts'

/** What is still to pay on a booked request, or that nothing is. */
export function OwedPanel({ owed }: { owed: CustomerOwed }) {
  const lines: [string, string][] = [
    ...(owed.deposit
      ? [[`${owed.depositLabel} still to pay`, owed.deposit] as [string, string]]
      : []),
    ...(owed.balance ? [['Total still to pay', owed.balance] as [string, string]] : []),
  ]
  return (
    <section className="mt-6 rounded-2xl bg-paper p-5" aria-label="Still to pay">
      {lines.length === 0 ? (
        <p className="font-bold">Paid in full — thank you!</p>
      ) : (
        <dl className="grid gap-2">
          {lines.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="font-bold text-chocolate">{label}</dt>
              <dd className="font-bold text-cocoa">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
