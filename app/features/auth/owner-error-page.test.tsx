import { renderToStaticMarkup } from 'react-dom/server'
import { UNSAFE_ErrorResponseImpl, createRoutesStub } from 'react-router'
import { expect, test, vi } from 'vitest'
import { OwnerErrorPage, describeOwnerError } from './owner-error-page.tsx'

/** The owner's error page as the server writes it, at a given address. */
function render(
  error: unknown,
  { path = '/admin/orders/42', orderId }: { path?: string; orderId?: string } = {},
) {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <OwnerErrorPage error={error} orderId={orderId} /> },
  ])
  return renderToStaticMarkup(<Stub initialEntries={[path]} />)
}

/** A status a loader threw (`throw data(..., { status })`), as React Router hands it to the boundary. */
const thrown = (status: number) =>
  new UNSAFE_ErrorResponseImpl(status, '', 'That request is not in the order book.')

test('an order that is not in the book is named, with the way back to Orders and to Today', () => {
  const html = render(thrown(404), { orderId: '999999' })
  expect(html).toContain('We can’t find that order')
  expect(html).toContain('There is no order #999999 in your order book.')
  expect(html).toContain('href="/admin/orders"')
  expect(html).toContain('href="/admin"')
  // Nothing to retry: the order will not appear by loading again.
  expect(html).not.toContain('Try again')
})

test('a page that is not there says so without naming an order', () => {
  const { heading, back } = describeOwnerError(thrown(404))
  expect(heading).toBe('We can’t find that page')
  expect(back).toBeUndefined()
})

test('an unexpected failure says it was ours and offers to try again, never the error itself in production', () => {
  vi.stubEnv('DEV', false)
  const error = new Error('SQLITE_BUSY: database is locked')
  const html = render(error, { path: '/admin/calendar?month=2026-12' })
  expect(html).toContain('Something went wrong on our side')
  expect(html).toContain('Try again')
  // A full reload of the same page, query and all.
  expect(html).toContain('href="/admin/calendar?month=2026-12"')
  expect(html).toContain('href="/admin"')
  expect(html).not.toContain('SQLITE_BUSY')
  expect(html).not.toContain(error.stack!.split('\n')[1]!.trim())
})

test('in development the failure’s message is shown to save a trip to the log', () => {
  vi.stubEnv('DEV', true)
  expect(render(new Error('SQLITE_BUSY: database is locked'))).toContain('SQLITE_BUSY')
})

test('a refused request and an ended session each get their own words', () => {
  expect(describeOwnerError(thrown(401)).heading).toBe('Please sign in')
  expect(describeOwnerError(thrown(400)).heading).toBe('That could not be done')
  expect(describeOwnerError(thrown(503)).heading).toBe('Something went wrong on our side')
  expect(describeOwnerError('a string thrown by mistake').heading).toBe(
    'Something went wrong on our side',
  )
})
