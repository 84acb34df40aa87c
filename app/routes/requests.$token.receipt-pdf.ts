import { getDb } from '#app/db/db.server.ts'
import { renderReceiptPdf } from '#app/features/receipts/receipt-pdf.server.ts'
import { RECEIPT_HEADERS, readReceipts } from '#app/features/receipts/receipt.server.ts'
import { receiptPosition } from '#app/features/receipts/receipt.ts'
import type { Route } from './+types/requests.$token.receipt-pdf'

/** GET /requests/<token>/receipt.pdf: the same receipt as a PDF to keep; 404 as the page's. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const position = receiptPosition(new URL(request.url))
  const receipts =
    position === undefined
      ? undefined
      : await readReceipts(getDb(), { token: params.token, position, now: Date.now() })
  if (!receipts) {
    return new Response('Not found', {
      status: 404,
      headers: { ...RECEIPT_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const pdf = await renderReceiptPdf(receipts)
  const name = receipts.map((receipt) => receipt.number).join('-')
  return new Response(pdf, {
    headers: {
      ...RECEIPT_HEADERS,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${name}.pdf"`,
    },
  })
}
