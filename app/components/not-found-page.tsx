import { Link } from 'react-router'

export function NotFoundPage() {
  return (
    <section className="page-section flex flex-col items-center text-center">
      <p
        aria-hidden="true"
        className="font-display text-7xl font-semibold text-raspberry/30 sm:text-8xl"
      >
        404
      </p>
      <h1 className="page-heading mt-2">Oops!</h1>
      <p className="mt-4 max-w-md text-lg">
        The page you requested was not found. It may have moved, or the address may be mistyped.
      </p>
      <Link to="/" className="button-primary mt-8">
        Back to the home page
      </Link>
    </section>
  )
}
