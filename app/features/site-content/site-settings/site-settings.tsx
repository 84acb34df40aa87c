import { AddressGroup } from '#app/features/site-content/address-settings.tsx'
import { PicturesGroup } from '#app/features/site-content/site-pictures-settings.tsx'
import type { SiteSettingsGroup } from '#app/features/site-content/site-settings-form.ts'
import { AnnouncementGroup } from './announcement-card.tsx'
import type { GroupProps } from './group-props.ts'
import { IdentityGroup } from './identity-card.tsx'
import { LocalGroup } from './local-card.tsx'
import { MarkdownGroup } from './markdown-card.tsx'
import { WordsGroup } from './words-card.tsx'

export const SITE_SETTINGS_GROUPS: [SiteSettingsGroup, string][] = [
  ['identity', 'Identity'],
  ['address', 'Address'],
  ['pictures', 'Pictures'],
  ['words', 'Words'],
  ['announcement', 'Announcement'],
  ['faq', 'FAQ'],
  ['policies', 'Policies'],
  ['local', 'Local settings'],
]

/**
 * Settings › Your site: one form per group, each saved on its own. Plain
 * forms, so each works before (or without) JavaScript: the server answers
 * with the page, the group's answer beside its buttons, what she typed kept
 * on a refusal and a preview under the form.
 */
export function SiteSettings(props: GroupProps) {
  return (
    <div className="mt-8 grid gap-8">
      <IdentityGroup {...props} />
      <AddressGroup address={props.address} country={props.country} posted={props.posted} />
      <PicturesGroup pictures={props.words.pictures} posted={props.posted} />
      <WordsGroup {...props} />
      <AnnouncementGroup {...props} />
      <MarkdownGroup {...props} section="faq" />
      <MarkdownGroup {...props} section="policies" />
      <LocalGroup {...props} />
    </div>
  )
}
