import { images, type SiteImage } from './images.ts'

/** The hero carousel: image, title, description. */
export type HeroSlide = { image: SiteImage; title: string; description: string }

export const heroSlides: HeroSlide[] = [
  {
    image: images.slides.authentic,
    title: 'Experience Authentic Joetsu',
    description:
      'Skip the tour bus. Spend the day with a local who knows which farm stand sells the sweetest edamame and which side street still smells of soy sauce and cedar.',
  },
  {
    image: images.slides.historical,
    title: 'Explore Historical Sites',
    description:
      'Climb to the mountain-top ruins of Kasugayama, home of the warlord Uesugi Kenshin, and walk the moats of Takada Castle, rebuilt around its graceful three-storey turret.',
  },
  {
    image: images.slides.blossoms,
    title: 'Breathtaking Cherry Blossoms',
    description:
      'Each April some 4,000 cherry trees bloom around Takada Castle, and three thousand lanterns light them after dark: one of the three great night-time sakura views of Japan.',
  },
  {
    image: images.slides.neighborhoods,
    title: 'Local Neighborhoods',
    description:
      'Stroll under the gangi, the wooden covered walkways that keep Takada’s streets clear of winter snow, past candy makers, sake shops and century-old townhouses.',
  },
  {
    image: images.slides.cafes,
    title: 'Relax at Scenic Cafés',
    description:
      'Slow down over hand-drip coffee in a converted townhouse, or watch the Sea of Japan from a seaside window: on clear days Sado Island floats on the horizon.',
  },
  {
    image: images.slides.mountains,
    title: 'Mountain Landscapes',
    description:
      'The Myoko range rises behind the rice fields: alpine ponds and beech forest in summer, blazing colour in autumn and deep, dry powder snow in winter.',
  },
]

export const benefits = [
  {
    title: 'Authentic Connection',
    text: 'You are not a ticket number. Your guide lives here, shops here and knows the people behind the counters, so you meet Joetsu the way a friend would introduce it: over tea, at the market, with time for questions.',
    icon: 'heart',
  },
  {
    title: 'Personalized Just For You',
    text: 'Every tour is private and built around you: your pace, your interests, your appetite. Travelling with children, a grandparent or a camera bag full of lenses? We plan the day to fit.',
    icon: 'compass',
  },
  {
    title: 'Discover Hidden Gems',
    text: 'Japan’s oldest candy shop, a cinema from 1911, a brewery tasting room only locals use: the places that never make the guidebooks are the ones guests remember longest.',
    icon: 'sparkle',
  },
] as const

// The four planning steps live in ./planning-steps.ts (How It Works shows them too).
export { planningSteps } from './planning-steps.ts'
