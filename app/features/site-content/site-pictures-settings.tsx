import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, cardAction } from '#app/components/settings-card.tsx'
import { SitePicture } from '#app/components/site-picture.tsx'
import {
  PICTURE_SLOTS,
  type PictureSlot,
  type PictureWords,
  type SitePicture as Picture,
} from '#app/content/site-words.ts'
import { type SiteSettingsResult, siteAnswerFor, siteAnswerWords } from './site-settings-form.ts'
import { WORDS_LIMITS } from './site-words-schema.ts'

/** The images the pipeline reads; a phone's camera roll offers these. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif'

const SLOT_WORDS: Record<
  PictureSlot,
  { title: string; save: string; where: string; altHint: string }
> = {
  hero: {
    title: 'Home page photo',
    save: 'Save home page photo',
    where: 'Fills the top of the home page, behind your name. A wide photo works best.',
    altHint: 'What the photo shows, read aloud to people who cannot see it.',
  },
  about: {
    title: 'About photo',
    save: 'Save About photo',
    where: 'Beside your story on About. You, your kitchen or a favourite bake.',
    altHint: 'What the photo shows, read aloud to people who cannot see it.',
  },
  logo: {
    title: 'Logo',
    save: 'Save logo',
    where: 'In the header of every page, and on links shared to social media. A square works best.',
    altHint: 'Optional: when empty, your bakery’s name is said.',
  },
}

/**
 * Settings › Your site › Pictures: one small form per picture, each a plain
 * multipart post (it works without JavaScript): a photo from her phone with
 * its description, or a new description alone, or the built-in picture back.
 */
export function PicturesGroup({
  pictures,
  posted,
}: {
  pictures: PictureWords
  /** The page's action data, whichever group it answered. */
  posted: unknown
}) {
  const result = siteAnswerFor(posted, 'pictures')
  return (
    <section
      aria-labelledby="site-pictures-heading"
      id="site-pictures"
      className="card scroll-mt-24 p-5 sm:p-6"
    >
      <h2 id="site-pictures-heading" className="font-display text-2xl font-bold">
        Pictures
      </h2>
      <p className="mt-2">
        Your photos on the home page and About, and your logo. Photos from your phone are made
        smaller for the web, and where they were taken is removed.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        {PICTURE_SLOTS.map((slot) => (
          <PictureForm
            key={slot}
            slot={slot}
            picture={pictures[slot]}
            result={result?.values.slot === slot ? result : undefined}
          />
        ))}
      </div>
    </section>
  )
}

/** One picture's form: what shows now, a photo to replace it, its description, and the buttons. */
function PictureForm({
  slot,
  picture,
  result,
}: {
  slot: PictureSlot
  picture: Picture
  result: SiteSettingsResult | undefined
}) {
  const words = SLOT_WORDS[slot]
  const id = `site-picture-${slot}`
  const hers = picture.upload !== null
  const alt = result && result.status !== 'saved' ? (result.values.alt ?? picture.alt) : picture.alt
  return (
    <section
      aria-labelledby={`${id}-heading`}
      id={id}
      className="scroll-mt-24 rounded-2xl border-2 border-chocolate/15 bg-cream p-4"
    >
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {words.title}
      </h3>
      <p className="mt-1 text-sm">{words.where}</p>
      <PictureNow slot={slot} picture={picture} hers={hers} />
      <p className="mt-2 text-sm">
        {hers ? 'Your own picture is showing.' : 'The picture the site came with is showing.'}
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        action={cardAction(id)}
        className="mt-3 grid gap-4"
      >
        <input type="hidden" name="intent" value="pictures" />
        <input type="hidden" name="slot" value={slot} />
        <PictureFileField slot={slot} hers={hers} error={result?.errors.file} />
        <PictureAltField slot={slot} alt={alt} error={result?.errors.alt} />
        <PictureButtons slot={slot} hers={hers} result={result} />
      </Form>
    </section>
  )
}

/** The picture showing now: hers, or the one the site came with. */
function PictureNow({
  slot,
  picture,
  hers,
}: {
  slot: PictureSlot
  picture: Picture
  hers: boolean
}) {
  return (
    <div className="mt-3 flex min-h-28 items-center justify-center rounded-xl bg-paper p-2">
      <SitePicture
        slot={slot}
        picture={picture}
        alt={hers ? `Now: ${picture.alt || 'your logo'}` : `Now: the picture the site came with`}
        sizes="240px"
        lazy
        className="max-h-40 w-auto rounded-lg object-contain"
      />
    </div>
  )
}

/** A photo from her phone; needed only for a photo slot still showing the built-in picture. */
function PictureFileField({
  slot,
  hers,
  error,
}: {
  slot: PictureSlot
  hers: boolean
  error: string | undefined
}) {
  return (
    <FormField
      name={`site-${slot}-file`}
      label={hers ? 'Replace with a new photo' : 'Choose a photo'}
      hint="JPEG, PNG, WebP or AVIF, up to 15 MB."
      optional={hers || slot === 'logo'}
      error={error}
    >
      {(props) => (
        <input
          {...props}
          name="file"
          type="file"
          accept={ACCEPTED}
          required={!hers && slot !== 'logo'}
          className="inspiration-input"
        />
      )}
    </FormField>
  )
}

/** The picture's description, read aloud in its place. */
function PictureAltField({
  slot,
  alt,
  error,
}: {
  slot: PictureSlot
  alt: string
  error: string | undefined
}) {
  return (
    <FormField
      name={`site-${slot}-alt`}
      label="Describe it"
      hint={SLOT_WORDS[slot].altHint}
      optional={slot === 'logo'}
      error={error}
    >
      {(props) => (
        <input
          {...props}
          name="alt"
          type="text"
          maxLength={WORDS_LIMITS.alt}
          required={slot !== 'logo'}
          defaultValue={alt}
        />
      )}
    </FormField>
  )
}

/** Save, or put the built-in picture back, with the answer beside them. */
function PictureButtons({
  slot,
  hers,
  result,
}: {
  slot: PictureSlot
  hers: boolean
  result: SiteSettingsResult | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'pictures' &&
    navigation.formData.get('slot') === slot
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <button type="submit" name="mode" value="save" className="button-primary">
        {SLOT_WORDS[slot].save}
      </button>
      {hers ? (
        <button
          type="submit"
          name="mode"
          value="remove"
          formNoValidate
          className="button-secondary"
        >
          Use the built-in picture
        </button>
      ) : null}
      <CardAnswer
        cardId={`site-picture-${slot}`}
        answer={siteAnswerWords(result)}
        busy={busy}
        busyText="Saving…"
      />
    </div>
  )
}
