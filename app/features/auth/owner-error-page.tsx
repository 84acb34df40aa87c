import { Link, isRouteErrorResponse, useLocation } from 'react-router'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { pageTitle } from '#app/content/format.ts'

/** What the owner reads when one of her pages cannot be shown, and where she can go from it. */
interface OwnerErrorText {
  title: string
  heading: string
  text: string
  /** Offer to load the same page again: worth it only when the failure may pass. */
  retry: boolean
  /** Besides Today, the page to go back to. */
  back?: { to: string; label: string }
}

/**
 * Words for what failed, by status. Never the error itself: its message and
 * stack are for the server's log (app/entry.server.tsx), not the owner's screen.
 */
export function describeOwnerError(error: unknown, orderId?: string): OwnerErrorText {
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404 && orderId !== undefined) {
    return {
      title: 'Order not found',
      heading: 'We can’t find that order',
      text: `There is no order #${orderId} in your order book. The link may be mistyped, or the order was erased at the customer’s request.`,
      retry: false,
      back: { to: '/admin/orders', label: 'Back to Orders' },
    }
  }
  if (status === 404) {
    return {
      title: 'Not found',
      heading: 'We can’t find that page',
      text: 'The link may be mistyped, or what it pointed to is no longer there.',
      retry: false,
    }
  }
  if (status === 401 || status === 403) {
    return {
      title: 'Sign in',
      heading: 'Please sign in',
      text: 'Your session has ended. Use Admin Login at the foot of the page to carry on.',
      retry: false,
    }
  }
  if (status < 500) {
    return {
      title: 'Not done',
      heading: 'That could not be done',
      text: 'The page did not accept what was sent. Go back, check it and try once more.',
      retry: true,
    }
  }
  return {
    title: 'Something went wrong',
    heading: 'Something went wrong on our side',
    text: 'This page could not be shown just now. Try again in a moment; if it keeps happening, the server’s log says what failed and when.',
    retry: true,
  }
}

/**
 * The owner pages' error page (the admin layout's ErrorBoundary). It renders
 * inside the site's layout, so the owner bar stays across the top and every
 * other page is one tap away. Buttons are at least 48 px tall.
 */
export function OwnerErrorPage({ error, orderId }: { error: unknown; orderId?: string }) {
  const { pathname, search } = useLocation()
  const { title, heading, text, retry, back } = describeOwnerError(error, orderId)
  const bakeryName = useSiteWords().identity.name
  return (
    <>
      <title>{pageTitle(title, bakeryName)}</title>
      <section className="page-section max-w-3xl" aria-labelledby="owner-error-heading">
        <p className="eyebrow">For the owner</p>
        <h1 id="owner-error-heading" className="page-heading mt-2">
          {heading}
        </h1>
        <p className="lede mt-4 max-w-xl">{text}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          {back ? (
            <Link to={back.to} className="button-primary">
              {back.label}
            </Link>
          ) : null}
          {retry ? (
            // A full load, so it works whether or not the page's scripts are running.
            <Link to={`${pathname}${search}`} reloadDocument className="button-primary">
              Try again
            </Link>
          ) : null}
          <Link to="/admin" className={back || retry ? 'button-secondary' : 'button-primary'}>
            Back to Today
          </Link>
        </div>
        {/* In development only, the error as thrown, to save a trip to the terminal. */}
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="card mt-8 overflow-x-auto p-4 text-sm">{error.message}</pre>
        ) : null}
      </section>
    </>
  )
}
