import { useRef } from 'react'
import { Link } from 'react-router'
import { ChevronDownIcon } from '#app/components/icons.tsx'
import { SitePicture } from '#app/components/site-picture.tsx'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { monogramOf, rotatingTitleText } from '#app/content/site-words.ts'
import { heroOverlay, useHeroOverlay } from './hero-overlay.ts'
import { RotatingTitle } from './rotating-title.tsx'

export function Hero() {
  const overlayRef = useRef<HTMLDivElement>(null)
  useHeroOverlay(overlayRef)
  const { identity, pictures } = useSiteWords()
  const monogram = monogramOf(identity.name)

  return (
    <section className="hero" aria-labelledby="hero-title">
      {/* The page's largest paint: fetched first, and asked for from the head when it is hers. */}
      <SitePicture
        slot="hero"
        picture={pictures.hero}
        // The built-in drawing is decoration behind the title; her photo says what it shows.
        alt={pictures.hero.upload ? pictures.hero.alt : ''}
        sizes="100vw"
        className="hero-image"
        priority
      />
      <div ref={overlayRef} className="hero-overlay" style={{ opacity: heroOverlay(0) / 100 }} />
      <div className="hero-content">
        <h1 id="hero-title" className="hero-title">
          <span className="sr-only">{identity.name}</span>
          <RotatingTitle text={rotatingTitleText(identity)} />
          <span aria-hidden="true" className="hero-monogram">
            {monogram.first}
            {monogram.second ? (
              <>
                <span className="text-raspberry">&amp;</span>
                {monogram.second}
              </>
            ) : null}
          </span>
        </h1>
        <p className="hero-tagline">{identity.tagline}</p>
        {/* On a phone the first screen is the hero: the way to order starts here. */}
        <Link to="/ordernow" className="button-primary hero-order">
          Order now
        </Link>
      </div>
      <a href="#our-story" className="scroll-hint">
        <span>Scroll down</span>
        <ChevronDownIcon className="scroll-hint-arrow" />
      </a>
    </section>
  )
}
