import { MailIcon, SocialIcon } from '#app/components/icons.tsx'
import { SitePicture } from '#app/components/site-picture.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { paragraphsOf, placeAndYearLine, socialLinksOf } from '#app/content/site-words.ts'
import { site } from '#app/content/site.ts'

/** About's photo: 224 px wide on a phone, at most 320 px beside the story. */
const ABOUT_SIZES = '(min-width: 768px) 320px, 224px'

/** A treat on About: its words, and its lowest price already written out ("from $40"), or null. */
export interface AboutTreat {
  id: number
  name: string
  description: string
  priceFrom: string | null
}

/** The order form with this treat already chosen. */
function orderLink(name: string): string {
  return `/ordernow?${new URLSearchParams({ product: name })}`
}

/** The picture for a treat: site.ts's, matched by name, or the cake for a new one. */
function treatImage(name: string): string {
  return site.treats.find((treat) => treat.name === name)?.image ?? '/images/treats/cake.svg'
}

/** About's opening: her welcome and story, signed, beside her photo (or her logo). */
export function AboutStory() {
  const { identity, words } = useSiteWords()
  const placeAndYear = placeAndYearLine(identity)
  return (
    <section className="page-section grid items-start gap-12 md:grid-cols-[1.5fr_1fr]">
      <div>
        {placeAndYear ? <p className="eyebrow">{placeAndYear}</p> : null}
        <h1 className={`page-heading ${placeAndYear ? 'mt-2' : ''}`}>Welcome to {identity.name}</h1>
        <div className="mt-6 space-y-5 text-lg">
          {paragraphsOf(words.aboutStory).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <p className="mt-6 font-display text-xl italic text-chocolate">
          — {identity.ownerName}, founder
        </p>
      </div>
      <AboutPicture />
    </section>
  )
}

/** Her About photo; without one of hers, the logo (hers, or the built-in one). */
function AboutPicture() {
  const { identity, pictures } = useSiteWords()
  return pictures.about.upload ? (
    <SitePicture
      slot="about"
      picture={pictures.about}
      sizes={ABOUT_SIZES}
      className="mx-auto w-56 rounded-3xl shadow-lg md:w-full md:max-w-xs"
    />
  ) : (
    <SitePicture
      slot="logo"
      picture={pictures.logo}
      alt={pictures.logo.alt || `${identity.name} logo`}
      sizes={ABOUT_SIZES}
      className="mx-auto w-56 md:w-full md:max-w-xs"
    />
  )
}

/** "Our Treats": a card per treat she sells, each opening the order form with it chosen. */
export function AboutTreats({ treats }: { treats: readonly AboutTreat[] }) {
  const { words } = useSiteWords()
  return (
    <section aria-labelledby="treats-heading" className="bg-paper">
      <div className="page-section">
        <h2 id="treats-heading" className="section-heading text-center">
          Our Treats
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3">
          {treats.map((treat) => (
            <TreatCard key={treat.id} treat={treat} />
          ))}
        </ul>
        {words.treatsIntro ? (
          <p className="mx-auto mt-8 max-w-2xl text-center text-lg">{words.treatsIntro}</p>
        ) : null}
      </div>
    </section>
  )
}

function TreatCard({ treat }: { treat: AboutTreat }) {
  return (
    <li className="card treat-card flex flex-col items-center p-4 text-center">
      <img
        src={treatImage(treat.name)}
        alt=""
        width="160"
        height="160"
        loading="lazy"
        className="w-24"
      />
      <h3 className="mt-3 font-bold leading-snug">
        {/* The whole card is this link's target (.treat-card): the form opens with the treat chosen. */}
        <a href={orderLink(treat.name)} className="treat-link" aria-label={`Order ${treat.name}`}>
          {treat.name}
        </a>
      </h3>
      {treat.description ? <p className="mt-1 text-sm leading-snug">{treat.description}</p> : null}
      {treat.priceFrom === null ? null : (
        <p className="mt-auto pt-2 font-bold text-chocolate">{treat.priceFrom}</p>
      )}
      <span
        className={`treat-order ${treat.priceFrom === null ? 'mt-auto' : ''}`}
        aria-hidden="true"
      >
        Order →
      </span>
    </li>
  )
}

/** "Follow Us": her social links, each opening in a new tab, and her email. */
export function FollowUs() {
  const { identity } = useSiteWords()
  return (
    <section aria-labelledby="follow-heading" className="page-section text-center">
      <h2 id="follow-heading" className="section-heading">
        Follow Us
      </h2>
      <p className="mt-3">New bakes go up every week.</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {socialLinksOf(identity).map((link) => (
          <li key={link.network}>
            <a href={link.url} className="follow-link" rel="me noopener" target="_blank">
              <SocialIcon network={link.network} />
              <span>
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:${identity.email}`} className="follow-link">
            <MailIcon />
            <span>{identity.email}</span>
          </a>
        </li>
      </ul>
    </section>
  )
}
