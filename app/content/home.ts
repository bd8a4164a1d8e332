import type { MessageId } from '../../core/i18n/message-id.ts'
import { images, type SiteImage } from './images.ts'

/** The hero carousel: image, title, description. */
export type HeroSlide = { image: SiteImage; title: MessageId; description: MessageId }

export const heroSlides: HeroSlide[] = [
  { image: images.slides.authentic, title: 'home.slide.authentic.title', description: 'home.slide.authentic.text' },
  { image: images.slides.historical, title: 'home.slide.historical.title', description: 'home.slide.historical.text' },
  { image: images.slides.blossoms, title: 'home.slide.blossoms.title', description: 'home.slide.blossoms.text' },
  { image: images.slides.neighborhoods, title: 'home.slide.neighborhoods.title', description: 'home.slide.neighborhoods.text' },
  { image: images.slides.cafes, title: 'home.slide.cafes.title', description: 'home.slide.cafes.text' },
  { image: images.slides.mountains, title: 'home.slide.mountains.title', description: 'home.slide.mountains.text' },
]

export const benefits: { title: MessageId; text: MessageId; icon: 'heart' | 'compass' | 'sparkle' }[] = [
  { title: 'home.benefit.connection.title', text: 'home.benefit.connection.text', icon: 'heart' },
  { title: 'home.benefit.personal.title', text: 'home.benefit.personal.text', icon: 'compass' },
  { title: 'home.benefit.gems.title', text: 'home.benefit.gems.text', icon: 'sparkle' },
]

// The four planning steps live in ./planning-steps.ts (How It Works shows them too).
export { planningSteps } from './planning-steps.ts'
