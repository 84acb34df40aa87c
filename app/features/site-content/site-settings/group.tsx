import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { CardAnswer, cardAction } from '#app/components/settings-card.tsx'
import {
  type SiteSettingsResult,
  type SiteSettingsSection,
  siteAnswerWords,
} from '#app/features/site-content/site-settings-form.ts'

/**
 * One group's card: its heading and words, its form with the group's answer
 * beside its buttons, and the preview under it when she asked for one.
 */
export function Group({
  section,
  title,
  intro,
  result,
  children,
  preview,
  buttons,
}: {
  section: SiteSettingsSection
  title: string
  intro: ReactNode
  result: SiteSettingsResult | undefined
  children: ReactNode
  preview?: ReactNode
  buttons: ReactNode
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === section
  const id = `site-${section}`
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="card scroll-mt-24 p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="font-display text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2">{intro}</p>
      {/* The page comes back at this group's answer, beside the button she pressed. */}
      <Form method="post" action={cardAction(id)} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={section} />
        {children}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          {buttons}
          <CardAnswer cardId={id} answer={siteAnswerWords(result)} busy={busy} busyText="Saving…" />
        </div>
      </Form>
      {result?.status === 'preview' && preview ? (
        <section
          aria-labelledby={`${id}-preview-heading`}
          className="site-preview mt-6 rounded-2xl border-2 border-dashed border-chocolate/30 bg-cream p-4 sm:p-6"
        >
          <h3 id={`${id}-preview-heading`} className="eyebrow">
            Preview, not published yet
          </h3>
          <div className="mt-3">{preview}</div>
        </section>
      ) : null}
    </section>
  )
}

export function SaveButton({ label }: { label: string }) {
  return (
    <button type="submit" name="mode" value="publish" className="button-primary">
      {label}
    </button>
  )
}

export function PreviewPublish() {
  return (
    <>
      <button type="submit" name="mode" value="preview" className="button-secondary">
        Preview
      </button>
      <button type="submit" name="mode" value="publish" className="button-primary">
        Publish
      </button>
    </>
  )
}
