import { data } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { bakeryNameFrom, pageMeta } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { ReceiptPage } from '#app/features/receipts/receipt-page.tsx'
import { RECEIPT_HEADERS, readReceipts } from '#app/features/receipts/receipt.server.ts'
import { receiptPdfPath, receiptPosition } from '#app/features/receipts/receipt.ts'
import type { Route } from './+types/requests.$token.receipt'

/**
 * The receipt of a private link's paid requests (`?request=<position>` for
 * one of them), to print. A token nobody holds, or one with nothing paid,
 * gets the site's 404 page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const position = receiptPosition(new URL(request.url))
  const receipts =
    position === undefined
      ? undefined
      : await readReceipts(getDb(), { token: params.token, position, now: Date.now() })
  if (!receipts) {
    return data({ receipts: null, position: null }, { status: 404, headers: RECEIPT_HEADERS })
  }
  return data({ receipts, position }, { headers: RECEIPT_HEADERS })
}

export const headers: Route.HeadersFunction = () => RECEIPT_HEADERS

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...(loaderData?.receipts
    ? [
        {
          title: pageTitle(
            `Receipt ${loaderData.receipts.map((r) => r.number).join(', ')}`,
            bakeryNameFrom(matches),
          ),
        },
      ]
    : pageMeta({ page: 'notFound', path: location.pathname, matches })),
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
]

export default function RequestReceipt({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.receipts) return <NotFoundPage />
  const position = loaderData.position ?? undefined
  return (
    <ReceiptPage
      receipts={loaderData.receipts}
      pdfHref={receiptPdfPath(params.token, position)}
      backTo={`/requests/${params.token}`}
    />
  )
}
