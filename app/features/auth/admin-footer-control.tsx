import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react'

// Every page has the footer, few visitors sign in: the dialog's code loads on the click.
const loadLoginDialog = () => import('./login-dialog.tsx')
const LoginDialog = lazy(() =>
  loadLoginDialog().then(({ LoginDialog }) => ({ default: LoginDialog })),
)

/**
 * The footer's admin corner: 'Admin Login' opens the sign-in dialog. Signed
 * in, the owner's bar at the top of the page (owner-bar.tsx) takes its place.
 */
export function AdminFooterControl({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const signedInBefore = useRef(signedIn)
  const close = useCallback(() => {
    setOpen(false)
    toggleRef.current?.focus()
  }, [])

  // Just signed in: the button that had focus is gone with the dialog, and the
  // page is her Today page, so focus starts at its content (the browser would
  // drop it on <body>).
  useEffect(() => {
    if (signedIn && !signedInBefore.current) document.getElementById('main')?.focus()
    signedInBefore.current = signedIn
  }, [signedIn])

  if (signedIn) return null
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
