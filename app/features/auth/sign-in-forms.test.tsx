import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { ForgotPasswordForm } from './forgot-password-form.tsx'
import { LinkPasswordPage } from './link-password-page.tsx'
import { LoginDialog } from './login-dialog.tsx'
import { SignInForm } from './sign-in-form.tsx'

/** A form as the server writes it, inside a router as on the site. */
function render(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '*', Component: () => element }])
  return renderToStaticMarkup(<Stub initialEntries={['/admin/sign-in']} />)
}

test('the sign-in page’s form, as written before and after a failed try', () => {
  expect(render(<SignInForm error={null} />)).toMatchInlineSnapshot(
    `"<form class="mt-6 grid max-w-md gap-4" method="post"><label class="form-field"><span class="form-label">Email</span><input type="email" required="" autoComplete="username" placeholder="Your email address" name="email"/></label><label class="form-field"><span class="form-label">Password</span><input type="password" required="" autoComplete="current-password" placeholder="Your password" name="password"/></label><button type="submit" class="button-primary mt-2 justify-self-start">Sign In</button><div role="alert" class="min-h-6"></div></form>"`,
  )
  expect(
    render(<SignInForm error="That email and password do not match." />),
  ).toMatchInlineSnapshot(
    `"<form class="mt-6 grid max-w-md gap-4" method="post"><label class="form-field"><span class="form-label">Email</span><input type="email" required="" autoComplete="username" placeholder="Your email address" aria-invalid="true" aria-describedby="sign-in-error" name="email"/></label><label class="form-field"><span class="form-label">Password</span><input type="password" required="" autoComplete="current-password" placeholder="Your password" name="password"/></label><button type="submit" class="button-primary mt-2 justify-self-start">Sign In</button><div role="alert" class="min-h-6"><p id="sign-in-error" class="form-error">That email and password do not match.</p></div></form>"`,
  )
})

test('the sign-in dialog and its “Forgot password?” form, as written', () => {
  const nothing = () => undefined
  expect(render(<LoginDialog onClose={nothing} />)).toMatchInlineSnapshot(
    `"<dialog class="modal" aria-labelledby="login-title"><div class="modal-panel"><div class="modal-header"><h2 id="login-title" class="modal-title">Sign in</h2><button type="button" class="modal-close" aria-label="Close"><span aria-hidden="true">×</span></button></div><form class="mt-5 grid gap-4" data-discover="true" action="/admin/login" method="post"><label class="form-field"><span class="form-label">Email</span><input type="email" required="" autoComplete="username" placeholder="Your email address" name="email"/></label><label class="form-field"><span class="form-label">Password</span><input type="password" required="" autoComplete="current-password" placeholder="Your password" name="password"/></label><button type="submit" class="button-primary mt-2">Sign In</button></form><div role="alert" class="mt-3 min-h-6"></div><button type="button" class="text-link mt-2 min-h-11">Forgot password?</button></div></dialog>"`,
  )
  expect(render(<ForgotPasswordForm onBack={nothing} />)).toMatchInlineSnapshot(
    `"<form class="mt-5 grid gap-4" data-discover="true" action="/admin/forgot-password" method="post"><p>We will email you a link to set a new password. It works once, for 15 minutes.</p><label class="form-field"><span class="form-label">Email</span><input type="email" required="" autoComplete="username" placeholder="Your email address" name="email"/></label><button type="submit" class="button-primary mt-2">Email me a link</button></form><div role="status" class="mt-3 min-h-6"></div><div role="alert"></div><button type="button" class="text-link mt-2 min-h-11">Back to sign in</button>"`,
  )
})

test('the page a reset link opens, while it works, after a refusal and once it is spent', () => {
  const page = (linkWorks: boolean, error: string | null) => (
    <LinkPasswordPage
      eyebrow="For the owner"
      heading="Set a new password"
      intro="At least 12 characters."
      ids={['new-password', 'confirm-password']}
      label="New password"
      submitLabel="Set new password"
      linkWorks={linkWorks}
      gone="This link has expired or was already used."
      error={error}
    />
  )
  expect(render(page(true, null))).toMatchInlineSnapshot(
    `"<section class="page-section max-w-xl"><p class="eyebrow">For the owner</p><h1 class="page-heading mt-2">Set a new password</h1><form class="card mt-6 grid gap-4 p-5" data-discover="true" action="/admin/sign-in" method="post"><p>At least 12 characters.</p><div class="form-field"><label for="field-new-password" class="form-label">New password</label><input id="field-new-password" type="password" required="" autoComplete="new-password" minLength="8" maxLength="128" name="password"/></div><div class="form-field"><label for="field-confirm-password" class="form-label">Type it again</label><input id="field-confirm-password" type="password" required="" autoComplete="new-password" minLength="8" maxLength="128" name="confirm"/></div><button type="submit" class="button-primary">Set new password</button><div role="alert" class="min-h-6"></div></form></section>"`,
  )
  expect(render(page(true, 'The two passwords are not the same.'))).toMatchInlineSnapshot(
    `"<section class="page-section max-w-xl"><p class="eyebrow">For the owner</p><h1 class="page-heading mt-2">Set a new password</h1><form class="card mt-6 grid gap-4 p-5" data-discover="true" action="/admin/sign-in" method="post"><p>At least 12 characters.</p><div class="form-field"><label for="field-new-password" class="form-label">New password</label><input id="field-new-password" type="password" required="" autoComplete="new-password" minLength="8" maxLength="128" name="password"/></div><div class="form-field"><label for="field-confirm-password" class="form-label">Type it again</label><input id="field-confirm-password" type="password" required="" autoComplete="new-password" minLength="8" maxLength="128" name="confirm"/></div><button type="submit" class="button-primary">Set new password</button><div role="alert" class="min-h-6"><p class="form-error">The two passwords are not the same.</p></div></form></section>"`,
  )
  expect(render(page(false, null))).toMatchInlineSnapshot(
    `"<section class="page-section max-w-xl"><p class="eyebrow">For the owner</p><h1 class="page-heading mt-2">Set a new password</h1><p class="status-error mt-6" role="alert">This link has expired or was already used.</p></section>"`,
  )
})
