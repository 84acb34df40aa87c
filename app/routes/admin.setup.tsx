import { data, redirect } from 'react-router'
import { BARE_FRAME } from '#app/components/page-frame.ts'
import { getDb } from '#app/db/db.server.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { receiveFirstRunSetup, readSetupState } from '#app/features/setup/first-run-setup.server.ts'
import { SetupPage } from '#app/features/setup/setup-page.tsx'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { timeZoneNames } from '#app/features/site-content/site-words-schema.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.setup'

// The bakery has no name of hers yet: the page names nobody, and has no site header or footer.
export const handle = BARE_FRAME

export const meta: Route.MetaFunction = () => [
  { title: 'Set up your bakery' },
  { name: 'robots', content: 'noindex' },
]

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''

/** The first-run setup: open only with the link printed at boot, and only until there is an admin. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request)
  const state = await readSetupState(getDb(), getAuth(), token)
  const open = state === 'open'
  const local = await readSiteSection(getDb(), 'local')
  return data(
    {
      state,
      token: open ? token : '',
      timeZone: local.timeZone,
      currency: local.currency,
      timeZones: open ? timeZoneNames() : [],
    },
    { status: state === 'open' ? 200 : state === 'set-up' ? 403 : 410 },
  )
}

/** Makes the owner's account, signs this browser in and opens her Today page. */
export async function action({ request }: Route.ActionArgs) {
  const result = await receiveFirstRunSetup({
    request,
    token: tokenOf(request),
    db: getDb(),
    auth: getAuth(),
  })
  if (result.body.ok) throw redirect('/admin', { headers: result.headers })
  return respond(result)
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  return <SetupPage {...loaderData} reply={actionData} />
}
