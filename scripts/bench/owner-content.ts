/**
 * The words, pictures and reviews the owner puts on her site for the
 * Lighthouse sections; owner-site.ts gives them to the site through its forms.
 */

export const OWNER_WORDS = {
  home_story:
    'Every cake starts with a conversation over coffee. I bake in small batches from my home ' +
    'kitchen in Leslieville, with Ontario butter, free-run eggs and fruit from the Saturday market.',
  about_story: [
    'Hi, I’m Maya! I started baking for my sister’s wedding in 2019 and never stopped.',
    '',
    'Everything is made to order, one celebration at a time: **birthday cakes**, cupcake towers, ' +
      'cookie boxes and the odd croquembouche. I answer every request myself, usually the same day.',
    '',
    'Allergies? Tell me when you order: I can bake without nuts, and most cakes can be made ' +
      'dairy-free.',
  ].join('\n'),
  treats_intro: 'A few of the things I bake most, each made for the day you need it.',
}

export const OWNER_ANNOUNCEMENT = {
  text: 'Holiday cookie boxes are open: order by December 15 for pick-up before the 24th.',
  link: '/ordernow',
}

export const OWNER_FAQ = `
## How far ahead should I order?

Two to three weeks for a cake, a week for cupcakes and cookies. Wedding cakes: two months or more.
Ask anyway if your date is sooner: I will say if I can.

## Do you deliver?

Pick-up is in Leslieville. Delivery in the east end is **$15**; further away, ask me.

## Can you bake for allergies?

- Nut-free: yes, always in a kitchen cleaned for it
- Dairy-free: most cakes and all the cookies
- Gluten-free: cupcakes and brownies only

## How do I pay?

A deposit holds your date once you accept the quote (e-Transfer or card); the balance is due at
pick-up. See the [order policies](/policies).

## Can I send a picture of what I want?

Yes, add up to five photos to your request. I will tell you what I can make of it.
`.trim()

export const OWNER_POLICIES = `
## Deposits

A **50% deposit** holds your date once you accept the quote. Your date is not booked until it is paid.

## Changes

Flavours and decorations can change up to 7 days before your date; the number of guests up to 3 days.

## Cancellations

- More than 14 days ahead: the deposit comes back in full
- 7 to 14 days ahead: half of it comes back
- Less than 7 days: the deposit is kept, as the ingredients are bought

## Pick-up

At the time we agree, from my door in Leslieville. Cakes travel flat, in the footwell, with the air on.
`.trim()

export const OWNER_PICTURES = {
  hero: {
    width: 2400,
    height: 1800,
    alt: 'A pink layer cake with sprinkles on a white plate, on the bakery’s wooden table',
  },
  about: {
    width: 1200,
    height: 900,
    alt: 'Maya icing a birthday cake in her home kitchen',
  },
  logo: { width: 600, height: 600, alt: 'Butter & Bloom' },
} as const

export const OWNER_REVIEWS = [
  {
    name: 'Priya Raman',
    display: 'Priya',
    words: 'The lemon raspberry cake was the star of the party. Everyone asked where it came from!',
  },
  {
    name: 'Daniel Okafor',
    display: 'Daniel',
    words: 'Beautiful cupcakes, right on time, and Maya answered every question within the hour.',
  },
] as const

/** One sentence per thing on the pages, for the report. */
export function describeOwnerContent(): string {
  const picture = (name: string, slot: keyof typeof OWNER_PICTURES) => {
    const { width, height, alt } = OWNER_PICTURES[slot]
    const format = slot === 'logo' ? 'PNG' : 'JPEG'
    return `${name} (${width}×${height} ${format} through the upload pipeline, alt “${alt}”)`
  }
  const questions = OWNER_FAQ.match(/^## /gm)?.length ?? 0
  const sections = OWNER_POLICIES.match(/^## /gm)?.length ?? 0
  return [
    `her ${picture('hero', 'hero')}, ${picture('About photo', 'about')} and ${picture('logo', 'logo')}`,
    `her own home and About stories and treats introduction (${OWNER_WORDS.about_story.length} characters on About)`,
    `the announcement banner on (“${OWNER_ANNOUNCEMENT.text}”, linking ${OWNER_ANNOUNCEMENT.link})`,
    `a Markdown FAQ of ${questions} questions with a list and a link, and Markdown order policies in ${sections} parts`,
    `${OWNER_REVIEWS.length} five-star reviews shown on Home and About, each from a customer whose order was quoted, booked and completed`,
  ].join('; ')
}
