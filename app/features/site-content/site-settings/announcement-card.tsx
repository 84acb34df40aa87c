import { FormField } from '#app/components/form-field.tsx'
import { siteAnswerFor } from '#app/features/site-content/site-settings-form.ts'
import { WORDS_LIMITS } from '#app/features/site-content/site-words-schema.ts'
import type { GroupProps } from './group-props.ts'
import { Group, SaveButton } from './group.tsx'
import { type FieldSpec, TextField, shown } from './text-fields.tsx'

const BANNER_TEXT: FieldSpec = {
  name: 'text',
  label: 'What it says',
  optional: true,
  max: WORDS_LIMITS.bannerText,
  stored: (w) => w.announcement.text,
}

const BANNER_LINK: FieldSpec = {
  name: 'link',
  label: 'Link',
  hint: 'A page of the site, like /ordernow, or an https:// address.',
  optional: true,
  max: WORDS_LIMITS.url,
  stored: (w) => w.announcement.link,
}

export function AnnouncementGroup({ words, policies, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'announcement')
  const announcement = words.announcement
  const on = result && result.status !== 'saved' ? result.values.on === 'on' : announcement.on
  return (
    <Group
      section="announcement"
      title="Announcement"
      intro="A line across the top of every page, e.g. “Closed for the holidays until January 5”."
      result={result}
      buttons={<SaveButton label="Save announcement" />}
    >
      <label className="tick-label" htmlFor="site-announcement-on">
        <input id="site-announcement-on" type="checkbox" name="on" value="on" defaultChecked={on} />
        <span>Show the announcement</span>
      </label>
      <TextField field={BANNER_TEXT} result={result} words={words} policies={policies} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={BANNER_LINK} result={result} words={words} policies={policies} />
        <FormField
          name="site-ends_on"
          label="Last day it shows"
          hint="It disappears by itself the day after. Leave empty to keep it up."
          optional
          error={result?.errors.ends_on}
        >
          {(props) => (
            <input
              {...props}
              name="ends_on"
              type="date"
              defaultValue={shown(result, 'ends_on', announcement.endsOn)}
            />
          )}
        </FormField>
      </div>
    </Group>
  )
}
