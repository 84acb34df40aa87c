import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'

// Every page has the footer, few visitors sign in: the dialog's code loads on the click.
const loadLoginDialog = () => import('./login-dialog.tsx')
const LoginDialog = lazy(() =>
  loadLoginDialog().then(({ LoginDialog }) => ({ default: LoginDialog })),
)

/**
 * The footer's admin corner: 'Admin Login' opens the sign-in dialog when
 * signed out; when signed in, links to the orders, the calendar and the settings, and 'Sign Out'.
 */
export function AdminFooterControl({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const inboxRef = useRef<HTMLAnchorElement>(null)
  const signOut = useFetcher()
  const signedInBefore = useRef(signedIn)
  const close = useCallback(() => {
    setOpen(false)
    toggleRef.current?.focus()
  }, [])

  // Just signed in: the button that had focus is gone with the dialog, so
  // focus goes to what took its place (the browser would drop it on <body>).
  useEffect(() => {
    if (signedIn && !signedInBefore.current) inboxRef.current?.focus()
    signedInBefore.current = signedIn
  }, [signedIn])

  if (signedIn) {
    return (
      <span className="flex items-center gap-3">
        <Link ref={inboxRef} to="/admin/orders" className="footer-link underline">
          Orders
        </Link>
        <Link to="/admin/calendar" className="footer-link underline">
          Calendar
        </Link>
        <Link to="/admin/settings" className="footer-link underline">
          Settings
        </Link>
        {/* Pressed before React runs, it waits for it and signs out in place (see decision 027). */}
        <signOut.Form method="post" action="/admin/logout" data-replay-submit="">
          <button type="submit" className="footer-link underline">
            Sign Out
          </button>
        </signOut.Form>
      </span>
    )
  }
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="footer-link underline with-script"
        data-without-script="admin-login-link"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={() => void loadLoginDialog()}
        onFocus={() => void loadLoginDialog()}
      >
        Admin Login
      </button>
      {/* Without JavaScript (or when the page's scripts failed to load): the sign-in page. */}
      <a
        id="admin-login-link"
        href="/admin/sign-in"
        className="footer-link underline without-script"
      >
        Admin Login
      </a>
      {open ? (
        <Suspense fallback={null}>
          <LoginDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
