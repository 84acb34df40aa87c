import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { Form, Link, useNavigation, useRevalidator } from 'react-router'
import { endSentence } from '#app/utils/clock-times.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import type { DropDeskView } from './drop-desk.server.ts'
import { DropState } from './drop-state.tsx'

/** While a drop is open its page counts again this often, and when she comes back to it. */
const LIVE_EVERY_MS = 15_000

/** Counts again every few seconds while the drop is open and the page is in view. */
function useLiveCounts(live: boolean) {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (!live) return
    const again = () => {
      if (document.visibilityState === 'visible') void revalidate()
    }
    const timer = window.setInterval(again, LIVE_EVERY_MS)
    document.addEventListener('visibilitychange', again)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', again)
    }
  }, [live, revalidate])
}

/**
 * One drop for its owner: where it stands, what is sold, held and left of
 * each item and pickup time, and the orders to pack, window by window.
 */
export function DropDeskPage({
  view,
  notice,
  texts = null,
}: {
  view: DropDeskView
  /** What she just did, said at the top: copied to next week, or her changes saved. */
  notice: 'copied' | 'saved' | null
  /** "Texts when it opens" (features/texts), with her Twilio keys only. */
  texts?: ReactNode
}) {
  useLiveCounts(view.state === 'open')
  return (
    <section className="page-section" aria-labelledby="drop-desk-heading">
      <p className="eyebrow">
        <Link to="/admin/drops" className="text-link">
          Drops
        </Link>
      </p>
      <h1 id="drop-desk-heading" className="page-heading mt-2">
        {view.name}
      </h1>
      <p className="lede mt-3">
        <DropState state={view.state} /> Pickup {view.pickupDay}. {endSentence(view.when)}
      </p>
      <DoneNotice notice={notice} />
      <DropActions view={view} />

      <DropTallies view={view} />
      {view.state === 'open' ? (
        <p className="form-hint mt-3">These counts refresh on their own while the drop is open.</p>
      ) : null}

      {texts}

      <h2 className="section-heading mt-10">Packing list</h2>
      {view.packing.map((window) => (
        <PackingWindow key={window.window} window={window} />
      ))}
    </section>
  )
}

/** What she just did: copied the drop to next week, or saved her changes. */
function DoneNotice({ notice }: { notice: 'copied' | 'saved' | null }) {
  if (!notice) return null
  return (
    <p className="status-success mt-4" role="status">
      {notice === 'copied'
        ? 'Copied to next week. Check its items and times, then it opens as set.'
        : 'Changes saved.'}
    </p>
  )
}

/** Change it, see it, print its labels, or copy it to next week. */
function DropActions({ view }: { view: DropDeskView }) {
  const sending = useNavigation().state !== 'idle'
  return (
    <div className="mt-5 flex flex-wrap gap-3">
      <Link to={`/admin/drops/${view.id}/edit`} className="button-secondary">
        Change it
      </Link>
      <Link to={`/drops/${view.slug}`} className="button-secondary">
        Open its public page
      </Link>
      <Link to={`/admin/kitchen/labels?drop=${view.id}`} className="button-secondary">
        Print its labels
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="duplicate" />
        <button type="submit" className="button-secondary" disabled={sending}>
          Duplicate for next week
        </button>
      </Form>
    </div>
  )
}

/** What is sold, held and left of each item and each pickup time. */
function DropTallies({ view }: { view: DropDeskView }) {
  return (
    <div className="drop-desk-grid mt-8">
      <TallyTable
        caption="Items"
        none="Sold out"
        rows={view.tally.items.map((item) => ({
          key: String(item.id),
          of: item.stock,
          ...item,
        }))}
      />
      <TallyTable
        caption="Pickup times"
        none="Full"
        rows={view.tally.windows.map((window, index) => ({
          key: window.window,
          name: view.packing[index]!.words,
          of: window.capacity,
          ...window,
        }))}
      />
    </div>
  )
}

/** One pickup time's orders to pack: who, what, her phone and whether it is paid. */
function PackingWindow({ window }: { window: DropDeskView['packing'][number] }) {
  return (
    <section className="card mt-4 p-5 sm:p-6" aria-label={`Pickup ${window.words}`}>
      <h3 className="font-display text-xl font-semibold">Pickup {window.words}</h3>
      {window.orders.length === 0 ? (
        <p className="mt-2">No orders for this time yet.</p>
      ) : (
        <ul className="packing-list mt-3">
          {window.orders.map((order) => (
            <li key={order.requestId} className="packing-order">
              <div>
                <Link to={`/admin/orders/${order.requestId}`} className="text-link font-bold">
                  {order.name}
                </Link>
                <p>{order.what}</p>
                <p className="text-sm">{formatPhoneNumber(order.phone)}</p>
              </div>
              <span className={order.paid ? 'money-badge money-paid' : 'money-badge'}>
                {order.money}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

interface TallyRow {
  key: string
  name: string
  /** Its stock or cap; null for no cap. */
  of: number | null
  sold: number
  held: number
  left: number | null
}

function TallyTable({
  caption,
  none,
  rows,
}: {
  caption: string
  /** What a row with nothing left says: "Sold out", "Full". */
  none: string
  rows: TallyRow[]
}) {
  return (
    <div className="card overflow-x-auto p-5 sm:p-6">
      <table className="tally-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Sold</th>
            <th scope="col">Held</th>
            <th scope="col">Left</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.name}
                <span className="tally-of">{row.of === null ? 'no cap' : `of ${row.of}`}</span>
              </th>
              <td>{row.sold}</td>
              <td>{row.held}</td>
              <td className={row.left === 0 ? 'tally-none' : undefined}>
                {row.left === null ? '—' : row.left === 0 ? none : row.left}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
