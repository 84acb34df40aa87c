/**
 * The sign-in page's form (routes/admin.sign-in.tsx): the dialog's fields in
 * a plain form that posts itself, for a browser without JavaScript or a page
 * whose scripts failed to load (decision 035).
 */
export function SignInForm({ error }: { error: string | null }) {
  return (
    <form method="post" className="mt-6 grid max-w-md gap-4">
      <label className="form-field">
        <span className="form-label">Email</span>
        <input
          type="email"
          name="email"
          required
          autoComplete="username"
          placeholder="Your email address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
      </label>
      <label className="form-field">
        <span className="form-label">Password</span>
        <input
          type="password"
          name="password"
          required
          autoComplete="current-password"
          placeholder="Your password"
        />
      </label>
      <button type="submit" className="button-primary mt-2 justify-self-start">
        Sign In
      </button>
      <div role="alert" className="min-h-6">
        {error ? (
          <p id="sign-in-error" className="form-error">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  )
}
