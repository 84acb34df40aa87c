import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { textKeysOf } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { listDrops } from '#app/features/drops/drop-list.server.ts'
import { DropList } from '#app/features/drops/drop-list.tsx'
import { DropTextsSignUp } from '#app/features/texts/drop-texts-forms.tsx'
import { receiveDropTextsSignUp } from '#app/features/texts/drop-texts.server.ts'
import { type DropTextsAnswer, isDropTextsAnswer } from '#app/features/texts/drop-texts.ts'
import { respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/drops'

export async function loader() {
  return {
    drops: await listDrops(getDb(), new Date()),
    // "Hear when a drop opens", with her Twilio keys only (decision 111).
    textsOn: textKeysOf() !== undefined,
  }
}

/** "Text me when a drop opens" (see receiveDropTextsSignUp). */
export async function action({ request, context }: Route.ActionArgs) {
  return respond(
    await receiveDropTextsSignUp({ request, clientIp: context.get(clientIpContext), db: getDb() }),
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Drops', bakeryNameFrom(matches)) },
  {
    name: 'description',
    content: 'Weekly menus baked in small batches: what is open now and what is coming.',
  },
]

export default function Drops({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<DropTextsAnswer>()
  return (
    <DropList drops={loaderData.drops}>
      {loaderData.textsOn ? (
        <DropTextsSignUp answer={isDropTextsAnswer(posted) ? posted : undefined} />
      ) : null}
    </DropList>
  )
}
