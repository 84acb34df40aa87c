import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

const eslint = new ESLint()

/** The import-boundary messages ESLint gives `source` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

// The first lint loads ESLint's plugins and resolver, several seconds on a busy machine.
const FIRST_LINT_TIMEOUT = 60_000

test(
  'a feature may not import another feature outside its written edges',
  async () => {
    const errors = await boundaryErrors(
      'app/features/gallery/uses-auth.ts',
      "export { requireAdmin } from '#app/features/auth/require-admin.server.ts'\n",
    )
    expect(errors).toEqual([
      expect.stringContaining('The gallery feature may use only site-content and the kernels'),
    ])
  },
  FIRST_LINT_TIMEOUT,
)

test('the media module knows no feature: photos are stored the same for every kind', async () => {
  const errors = await boundaryErrors(
    'app/features/media/uses-gallery.ts',
    "export { GALLERY_FOLDER } from '#app/features/gallery/gallery.server.ts'\n",
  )
  expect(errors).toEqual([
    expect.stringContaining('The media feature is a kernel: it stays out of'),
  ])
})

test('the written edges are allowed: orders hand mail to mail, the inbox reads the contact messages', async () => {
  expect(
    await boundaryErrors(
      'app/features/orders/uses-mail.ts',
      "export { enqueueEmail } from '#app/features/mail/outbox.server.ts'\n",
    ),
  ).toEqual([])
  expect(
    await boundaryErrors(
      'app/features/inbox/uses-contact.ts',
      "export { listContactMessages } from '#app/features/contact/contact-messages.server.ts'\n",
    ),
  ).toEqual([])
})

test('the orders reach the order book through its intake only, and the intake never reaches back', async () => {
  expect(
    await boundaryErrors(
      'app/features/orders/uses-intake.ts',
      "export { storeSentRequests } from '#app/features/order-book/request-intake.server.ts'\n",
    ),
  ).toEqual([])
  expect(
    await boundaryErrors(
      'app/features/orders/uses-book.ts',
      "export { moveRequest } from '#app/features/order-book/request-moves.server.ts'\n",
    ),
  ).toEqual([expect.stringContaining('The orders feature may use only')])
  expect(
    await boundaryErrors(
      'app/features/order-book/request-intake.server.ts',
      "export { newCustomerToken } from '#app/features/orders/order-requests.server.ts'\n",
    ),
  ).toEqual([
    expect.stringContaining('The order-book feature may use only'),
    expect.stringContaining('must not import orders'),
  ])
})

test('the order book’s core uses none of its rooms; a room uses only the rooms it lists', async () => {
  const fromPayments =
    "export { stripeClient } from '#app/features/payments/card-payments.server.ts'\n"
  expect(await boundaryErrors('app/features/order-book/uses-payments.ts', fromPayments)).toEqual([
    expect.stringContaining('The order-book feature may use only'),
  ])
  expect(await boundaryErrors('app/features/customer-page/uses-payments.ts', fromPayments)).toEqual(
    [],
  )
  const fromOrderPage = "export { LIMITS } from '#app/features/order-page/order-form-limits.ts'\n"
  expect(
    await boundaryErrors('app/features/customer-page/uses-order-page.ts', fromOrderPage),
  ).toEqual([expect.stringContaining('The customer-page feature may use only')])
})

test('every feature may use a kernel; a kernel uses no feature', async () => {
  const fromStatus = "export { HELD_STATUSES } from '#app/features/order-status/order-status.ts'\n"
  expect(await boundaryErrors('app/features/gallery/uses-status.ts', fromStatus)).toEqual([])
  expect(await boundaryErrors('app/features/mail/uses-status.ts', fromStatus)).toEqual([
    expect.stringContaining('The mail feature is a kernel'),
  ])
})

test('production code may not import test support, while tests may', async () => {
  const source = "export { birthdayCakeOrder } from '#tests/support/orders.ts'\n"
  expect(await boundaryErrors('app/features/orders/sample.ts', source)).toEqual([
    expect.stringContaining('Production code must not import test support.'),
  ])
  expect(await boundaryErrors('server/sample.ts', source)).toHaveLength(1)
  expect(await boundaryErrors('app/features/orders/sample.test.ts', source)).toEqual([])
})

/** The messages ESLint gives `source` at `filePath` from one rule. */
async function ruleErrors(ruleId: string, filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message)
}

test('a file reaches outside its folder by the root spelling, never by climbing with ../', async () => {
  const climbing = "export { enqueueEmail } from '../mail/outbox.server.ts'\n"
  expect(
    await ruleErrors('no-restricted-imports', 'app/features/orders/uses-mail.ts', climbing),
  ).toEqual([expect.stringContaining('Import from outside this folder by its root')])
  const rooted = "export { enqueueEmail } from '#app/features/mail/outbox.server.ts'\n"
  expect(
    await ruleErrors('no-restricted-imports', 'app/features/orders/uses-mail.ts', rooted),
  ).toEqual([])
})

test('file names are kebab-case with lowercase role suffixes; routes spell their URL', async () => {
  const rule = 'check-file/filename-naming-convention'
  const source = 'export const answer = 42\n'
  expect(await ruleErrors(rule, 'app/features/orders/orderSummary.ts', source)).toHaveLength(1)
  expect(
    await ruleErrors(rule, 'app/features/orders/order_summary.server.ts', source),
  ).toHaveLength(1)
  expect(
    await ruleErrors(rule, 'app/features/orders/order-summary.server.test.ts', source),
  ).toEqual([])
  expect(await ruleErrors(rule, 'app/routes/admin.orders.$id.tsx', source)).toEqual([])
  expect(await ruleErrors(rule, 'app/routes/Admin.tsx', source)).toHaveLength(1)
})
