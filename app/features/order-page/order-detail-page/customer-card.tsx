import { formatDeliveryAddress, handoverLabel } from '#app/features/order-book/handover.ts'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { DetailsEditForm } from './details-edit-form.tsx'
import { formsShown } from './forms-shown.ts'
import { Outcome } from './outcome.tsx'

/**
 * Who asked and what she asked for, in her words, with her photos and
 * "Edit the details" after them.
 */
export function CustomerCard({
  detail,
  result,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
}) {
  const { request } = detail
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="customer-heading">
      <h2 id="customer-heading" className="font-display text-2xl font-semibold">
        Customer
      </h2>
      <p className="mt-2 font-bold">{request.name}</p>
      <p className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        <a className="text-link break-all" href={`mailto:${request.email}`}>
          {request.email}
        </a>
        <a className="text-link" href={`tel:${request.phoneNumber.replace(/[^0-9+]/g, '')}`}>
          {formatPhoneNumber(request.phoneNumber)}
        </a>
      </p>
      <RequestDetails request={request} />
      {detail.photos.length > 0 ? <InspirationPhotos photos={detail.photos} /> : null}
      {/* After what she sent, photos included: the keyboard meets her words first. */}
      {formsShown(detail).includes('edit_details') ? (
        <DetailsEditForm
          key={`details-${detail.version}`}
          detail={detail}
          result={result}
          outcome={<Outcome result={result} intents={['edit_details']} />}
        />
      ) : null}
    </section>
  )
}

/** What she asked for, as she put it; a line she left empty is not shown. */
function RequestDetails({ request }: { request: OrderDetail['request'] }) {
  const given = (value: string | null) => (value?.trim() ? value : null)
  const details: [string, string | null][] = [
    ['Due date', formatCalendarDate(request.dueDate)],
    [request.eventThemeLabel, given(request.eventTheme)],
    ['Servings/Quantity', given(request.servings)],
    ['Allergies/Dietary needs', given(request.allergies)],
    [
      'Pickup or delivery',
      request.fulfilment || request.window
        ? handoverLabel(request.fulfilment, request.window)
        : null,
    ],
    ['Delivery address', formatDeliveryAddress(request.delivery)],
    ['Delivery notes', given(request.delivery.notes)],
    ['Comments', given(request.comments)],
    ['Heard about us', given(request.hearAboutUs)],
    ['Effort', String(request.effort)],
    ['Received', request.receivedLabel],
  ]
  return (
    <>
      <h2 className="mt-6 font-display text-2xl font-semibold">The request</h2>
      <dl className="mt-3 grid gap-3">
        {details
          .filter((detail): detail is [string, string] => detail[1] !== null)
          .map(([label, value]) => (
            <div key={label} className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11rem_1fr]">
              <dt className="text-sm font-bold text-chocolate sm:pt-0.5">{label}</dt>
              <dd className="whitespace-pre-wrap break-words">{value}</dd>
            </div>
          ))}
        {request.declineReason ? (
          <div className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11rem_1fr]">
            <dt className="text-sm font-bold text-chocolate sm:pt-0.5">Declined because</dt>
            <dd className="whitespace-pre-wrap break-words">{request.declineReason}</dd>
          </div>
        ) : null}
      </dl>
    </>
  )
}

function InspirationPhotos({ photos }: { photos: OrderDetail['photos'] }) {
  return (
    <>
      <h3 className="mt-5 text-sm font-bold text-chocolate">Inspiration photos</h3>
      <ul className="cart-photos" aria-label="Inspiration photos">
        {photos.map((photo, index) => (
          <li key={photo.key}>
            <a href={`/admin/photos/${photo.key}`} target="_blank" rel="noreferrer">
              <img
                src={photo.preview}
                alt={`Inspiration ${index + 1} of ${photos.length}, full size`}
                width={56}
                height={56}
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}
