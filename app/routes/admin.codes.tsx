import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  type CodeFormAnswer,
  receiveCodePost,
} from '#app/features/discount-codes/code-form.server.ts'
import { CodesPage } from '#app/features/discount-codes/codes-page.tsx'
import { listCodes } from '#app/features/discount-codes/discount-codes.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.codes'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Discount codes', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return { codes: await listCodes(getDb()), today: bakeryToday() }
}

/** Makes a code, or stops or starts one. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveCodePost({ db: getDb(), request }))
}

export default function Codes({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<CodeFormAnswer>()
  return <CodesPage {...loaderData} answer={answer} />
}
