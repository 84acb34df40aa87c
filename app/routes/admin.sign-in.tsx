import { data, redirect } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { adminContext } from '#app/features/auth/require-admin.server.ts'
import { SignInForm } from '#app/features/auth/sign-in-form.tsx'
import { receiveSignIn } from '#app/features/auth/sign-in.server.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/admin.sign-in'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Sign in', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/** Where Admin Login leads without JavaScript; signed in already, to her Today page. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(adminContext)) throw redirect('/admin', 303)
  return null
}

/** The same sign-in as the dialog's; signed in, the owner lands on her Today page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, body, headers } = await receiveSignIn({
    request,
    clientIp: context.get(clientIpContext),
    auth: getAuth(),
    db: getDb(),
  })
  if (body.ok) throw redirect('/admin', { status: 303, headers })
  return data(body, { status, headers })
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const error = actionData && !actionData.ok ? actionData.error : null
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Sign in</h1>
      <SignInForm error={error} />
    </section>
  )
}
