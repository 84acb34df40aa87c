import { data, redirect, useActionData, useSearchParams } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { dropIdOf, receiveDropDeskAction } from '#app/features/drop-desk/drop-desk-action.server.ts'
import { DropDeskPage } from '#app/features/drop-desk/drop-desk-page.tsx'
import { readDropDesk } from '#app/features/drop-desk/drop-desk.server.ts'
import { DropOpeningTexts } from '#app/features/texts/drop-texts-forms.tsx'
import {
  readDropTextsCard,
  receiveDropOpeningTexts,
} from '#app/features/texts/drop-texts.server.ts'
import {
  type DropTextsAnswer,
  isDropTextsAnswer,
  TEXT_DROP_OPENING,
} from '#app/features/texts/drop-texts.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.drops.$id'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.view?.name ?? 'Drop', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = dropIdOf(params.id)
  const view = id === null ? null : await readDropDesk(getDb(), id, new Date())
  if (!view) throw data('There is no such drop.', { status: 404 })
  // Texts to those who asked to hear when a drop opens, with her Twilio keys only.
  const texts = await readDropTextsCard(getDb(), view.id, { siteUrl: getEnv().SITE_URL })
  return { view, texts }
}

/** `intent=duplicate`: the copy for next week opens (303). */
export async function action({ params, request }: Route.ActionArgs) {
  const id = dropIdOf(params.id)
  if (id === null) throw data('There is no such drop.', { status: 404 })
  // A copy is read for the intent; the feature reads the request itself.
  const { intent } = (await readAdminForm(request.clone())) ?? {}
  if (intent === TEXT_DROP_OPENING) {
    return respond(
      await receiveDropOpeningTexts({
        request,
        db: getDb(),
        dropId: id,
        siteUrl: getEnv().SITE_URL,
      }),
    )
  }
  const answer = await receiveDropDeskAction({ request, db: getDb(), id })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export default function Drop({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  const notice =
    search.get('copied') === '1' ? 'copied' : search.get('saved') === '1' ? 'saved' : null
  const posted = useActionData<DropTextsAnswer>()
  return (
    <DropDeskPage
      view={loaderData.view}
      notice={notice}
      texts={
        loaderData.texts ? (
          <DropOpeningTexts
            card={loaderData.texts}
            answer={isDropTextsAnswer(posted) ? posted : undefined}
          />
        ) : null
      }
    />
  )
}
