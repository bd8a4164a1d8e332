import { type KeyboardEvent, useEffect, useState } from 'react'
import type { HeroSlide } from '../../content/home.ts'
import { useT } from '../../i18n/i18n.tsx'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons.tsx'
import { ImageWithFallback } from './image-with-fallback.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** The carousel advances every 5 seconds, as the product description asks. */
export const SLIDE_INTERVAL_MS = 5000

const slidePicture = 'aspect-[3/2] w-full bg-brand-800 object-cover lg:absolute lg:inset-0 lg:aspect-auto lg:h-full'

const controlButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-brand-100 bg-white text-brand-900 hover:bg-brand-50'

/**
 * The home page's hero carousel, after the WAI-ARIA carousel pattern:
 * loops, auto-advances every 5 s, dot buttons jump to a slide, previous/next buttons and
 * the arrow keys move one slide, and a pause/play button stops the rotation. Rotation
 * pauses while the pointer is over the carousel or focus is inside it, and does not start
 * by itself when the visitor prefers reduced motion.
 *
 * Every slide is stacked in the same grid cell, so the box is as tall as the tallest
 * slide and nothing below moves when the slides change (no layout shift). The server
 * renders the first slide visible, so it shows without JavaScript, and only its picture.
 * The pictures are full-bleed (docs/decisions/0051): the hero section that holds the carousel
 * must be `relative isolate` and lay its own navy veil between them and its words.
 */
export function HeroCarousel({ slides, label }: { slides: HeroSlide[]; label: string }) {
  const t = useT()
  const count = slides.length
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(true)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)

  // The hidden slides' pictures are asked for only once the page runs its scripts, which it
  // does after its first paint and main picture: until then they would share the connection
  // with the first slide, the page's largest paint (six photos at once, decision 0048).
  const hydrated = useHydrated()
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false)
  }, [])

  const rotating = playing && !hovered && !focused && count > 1
  useEffect(() => {
    if (!rotating) return
    // Restarted on every change of slide, so a manual jump gets a full 5 s too.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [rotating, index, count])

  const go = (to: number) => setIndex(((to % count) + count) % count)

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(index + 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(index - 1)
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      // From 1024 px the caption and the controls share a navy panel over the picture, which
      // (being positioned below the hero's veil) stays under it: text and dots keep their contrast.
      className="w-full lg:rounded-2xl lg:bg-brand-900/85 lg:p-5"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
      onKeyDown={onKeyDown}
      data-slide-index={index}
    >
      <div className="grid" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === index
          return (
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.carousel.position', { index: i + 1, count })}
              aria-hidden={active ? undefined : true}
              inert={!active}
              className={`col-start-1 row-start-1 flex flex-col transition-[visibility] duration-700 ${active ? 'visible' : 'invisible'}`}
            >
              {/* Edge to edge: across a phone's width, and from 1024 px behind the whole hero, under
                  its veil (the hero section is the positioned box). The fade is on the picture and
                  the caption, not the slide: a translucent slide would lift the picture over the words. */}
              <div className={`-mx-4 transition-opacity duration-700 lg:absolute lg:inset-0 lg:-z-20 lg:mx-0 ${active ? 'opacity-100' : 'opacity-0'}`}>
                {i === 0 || hydrated ? (
                  <ImageWithFallback image={slide.image} title={t(slide.title)} priority={i === 0} className={slidePicture} />
                ) : (
                  <div className={slidePicture} />
                )}
              </div>
              <div className={`mt-4 transition-opacity duration-700 lg:mt-0 ${active ? 'opacity-100' : 'opacity-0'}`}>
                <h2 className="text-xl font-bold text-white sm:text-2xl">{t(slide.title)}</h2>
                <p className="mt-1 text-brand-100">{t(slide.description)}</p>
              </div>
            </div>
          )
        })}
      </div>

      <div className="mt-4 flex items-center gap-1 sm:gap-2">
        <button
          type="button"
          className={controlButton}
          onClick={() => setPlaying((value) => !value)}
          aria-label={t(playing ? 'home.carousel.pause' : 'home.carousel.play')}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button type="button" className={controlButton} onClick={() => go(index - 1)} aria-label={t('home.carousel.previous')}>
          <ChevronLeftIcon />
        </button>
        <ul className="flex flex-1 items-center justify-center">
          {slides.map((slide, i) => (
            <li key={slide.title}>
              <button
                type="button"
                className="group inline-flex size-7 items-center justify-center rounded-full sm:size-9"
                onClick={() => go(i)}
                aria-label={t('home.carousel.show', { index: i + 1, title: t(slide.title) })}
                aria-current={i === index ? 'true' : undefined}
              >
                <span
                  className={`block rounded-full transition-all ${i === index ? 'h-3 w-6 bg-white' : 'size-3 bg-brand-100/60 group-hover:bg-white'}`}
                />
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className={controlButton} onClick={() => go(index + 1)} aria-label={t('home.carousel.next')}>
          <ChevronRightIcon />
        </button>
      </div>
    </section>
  )
}
