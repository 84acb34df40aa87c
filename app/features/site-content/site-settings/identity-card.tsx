import { SOCIAL_NETWORKS } from '#app/content/site-words.ts'
import { siteAnswerFor } from '#app/features/site-content/site-settings-form.ts'
import { WORDS_LIMITS } from '#app/features/site-content/site-words-schema.ts'
import { PHONE_NUMBER_HINT } from '#app/utils/phone-number.ts'
import type { GroupProps } from './group-props.ts'
import { Group, SaveButton } from './group.tsx'
import { type FieldSpec, Fields } from './text-fields.tsx'

export const IDENTITY_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Bakery name', max: WORDS_LIMITS.name, stored: (w) => w.identity.name },
  {
    name: 'owner_name',
    label: 'Your name',
    hint: 'Signs every email and the receipts; the first word says who replies to customers.',
    autoComplete: 'name',
    max: WORDS_LIMITS.ownerName,
    stored: (w) => w.identity.ownerName,
  },
  {
    name: 'tagline',
    label: 'Tagline',
    max: WORDS_LIMITS.tagline,
    stored: (w) => w.identity.tagline,
  },
  {
    name: 'title_words',
    label: 'Words around the home title',
    hint: 'One per line, up to six; they turn around the title on the home page.',
    max: WORDS_LIMITS.titleWords * (WORDS_LIMITS.titleWord + 1),
    rows: 3,
    stored: (w) => w.identity.titleWords.join('\n'),
  },
  {
    name: 'service_area',
    label: 'Where you bake',
    hint: 'A neighbourhood or city, never your street: it is public. Empty says the city of your address below, or leaves out every “in …”.',
    optional: true,
    max: WORDS_LIMITS.serviceArea,
    stored: (w) => w.identity.serviceArea,
  },
  {
    name: 'since',
    label: 'Baking since (year)',
    hint: 'Shown as “since 2019” on Home and About. Empty leaves it out.',
    optional: true,
    inputMode: 'numeric',
    max: 4,
    stored: (w) => w.identity.since,
  },
  {
    name: 'email',
    label: 'Contact email',
    type: 'email',
    autoComplete: 'email',
    max: WORDS_LIMITS.email,
    stored: (w) => w.identity.email,
  },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    hint: PHONE_NUMBER_HINT,
    optional: true,
    max: WORDS_LIMITS.phone,
    stored: (w) => w.identity.phone,
  },
  {
    name: 'reply_time',
    label: 'How soon you reply',
    hint: 'Finishes “We reply …”, e.g. within 2 days. Used on every page and email that promises a reply.',
    max: WORDS_LIMITS.replyTime,
    stored: (w) => w.identity.replyTime,
  },
  {
    name: 'footer_line',
    label: 'Footer line',
    optional: true,
    max: WORDS_LIMITS.footerLine,
    stored: (w) => w.identity.footerLine,
  },
]

/** Each network's address and name, side by side. */
export const SOCIAL_FIELDS: readonly FieldSpec[] = SOCIAL_NETWORKS.flatMap(
  ({ network, label }): FieldSpec[] => [
    {
      name: `${network}_url`,
      label: `${label} address`,
      type: 'url',
      optional: true,
      max: WORDS_LIMITS.url,
      stored: (w) => w.identity.social[network].url,
    },
    {
      name: `${network}_handle`,
      label: `${label} name`,
      optional: true,
      max: WORDS_LIMITS.handle,
      stored: (w) => w.identity.social[network].handle,
    },
  ],
)

export function IdentityGroup({ words, policies, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'identity')
  const shared = { result, words, policies }
  return (
    <Group
      section="identity"
      title="Identity"
      intro="Your bakery’s name and how customers reach you, on every page."
      result={result}
      buttons={<SaveButton label="Save identity" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Fields fields={IDENTITY_FIELDS} {...shared} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="form-label">
          Social links (each optional; leave the address empty to hide it)
        </legend>
        <Fields fields={SOCIAL_FIELDS} {...shared} />
      </fieldset>
    </Group>
  )
}
