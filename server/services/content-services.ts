import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import { createCatalogueService } from './catalogue.ts'
import { createMediaService } from './media.ts'
import { createGuideWordsService } from './guide-words.ts'
import { createTripService } from './trip.ts'
import { createBookingQuestionService } from './booking-questions.ts'

/** What the guide writes and the site shows: tours, photos, words, the day's arrangements, the booking form's questions. */
export function createContentServices({ db, config, now }: { db: Db; config: Config; now: () => Date }) {
  const catalogue = createCatalogueService(db)
  // The guide's photos (docs/decisions/0048).
  const media = createMediaService(db)
  const guideWords = createGuideWordsService(db, config.site)
  // Meeting points, pickup and what to bring (docs/decisions/0052).
  const trip = createTripService(db)
  // The guide's booking questions (docs/decisions/0053).
  const bookingQuestions = createBookingQuestionService({ db, now })
  return { catalogue, media, guideWords, trip, bookingQuestions }
}
