import { paragraphsOf } from '#app/content/site-words.ts'
import { siteAnswerFor } from '#app/features/site-content/site-settings-form.ts'
import { WORDS_LIMITS } from '#app/features/site-content/site-words-schema.ts'
import type { GroupProps } from './group-props.ts'
import { Group, PreviewPublish } from './group.tsx'
import { type FieldSpec, Fields } from './text-fields.tsx'

export const WORDS_FIELDS: readonly FieldSpec[] = [
  {
    name: 'home_story',
    label: 'Home page story',
    hint: 'A sentence or two; the home page links to About for the rest.',
    max: WORDS_LIMITS.homeStory,
    rows: 4,
    stored: (w) => w.words.homeStory,
  },
  {
    name: 'about_story',
    label: 'About story',
    hint: 'A blank line starts a new paragraph.',
    max: WORDS_LIMITS.aboutStory,
    rows: 10,
    stored: (w) => w.words.aboutStory,
  },
  {
    name: 'treats_intro',
    label: 'Under your treats',
    optional: true,
    max: WORDS_LIMITS.treatsIntro,
    rows: 3,
    stored: (w) => w.words.treatsIntro,
  },
  {
    name: 'gallery_heading',
    label: 'Gallery heading',
    max: WORDS_LIMITS.galleryHeading,
    stored: (w) => w.words.galleryHeading,
  },
  {
    name: 'gallery_intro',
    label: 'Under the gallery’s heading',
    optional: true,
    max: WORDS_LIMITS.galleryIntro,
    rows: 2,
    stored: (w) => w.words.galleryIntro,
  },
]

export function WordsGroup({ words, policies, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'words')
  const preview = result?.previewWords
  return (
    <Group
      section="words"
      title="Words"
      intro="Your story on the home page and on About, the line under your treats, and the gallery’s heading and introduction."
      result={result}
      buttons={<PreviewPublish />}
      preview={
        preview ? (
          <div className="grid gap-5">
            <div>
              <p className="form-label">Home page: Our Story</p>
              <p className="lede mt-1">{preview.homeStory}</p>
            </div>
            <div>
              <p className="form-label">About</p>
              <div className="mt-1 space-y-3">
                {paragraphsOf(preview.aboutStory).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </div>
            {preview.treatsIntro ? (
              <div>
                <p className="form-label">Under your treats</p>
                <p className="mt-1">{preview.treatsIntro}</p>
              </div>
            ) : null}
            <div>
              <p className="form-label">Gallery</p>
              <p className="mt-1 font-display text-2xl">{preview.galleryHeading}</p>
              {preview.galleryIntro ? <p className="mt-1">{preview.galleryIntro}</p> : null}
            </div>
          </div>
        ) : null
      }
    >
      <Fields fields={WORDS_FIELDS} result={result} words={words} policies={policies} />
    </Group>
  )
}
