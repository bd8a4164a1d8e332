import './zod-config.ts'
import { z } from 'zod'
import { EDIT_DAYS, REVIEW_LIMITS } from '../reviews.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { calendarDateField, hasOnlyTextControls, isSingleLine, localeField, optionalText, requiredTick, wholeNumberField } from './fields.ts'

// The guest's refusals: message ids with their values (docs/decisions/0087).
export const RATING_MESSAGE = refusalMessage('errors.reviewRating')
export const REVIEW_TITLE_MESSAGE = refusalMessage('errors.reviewTitle', { min: REVIEW_LIMITS.title.min })
export const REVIEW_TITLE_TOO_LONG = refusalMessage('errors.reviewTitleTooLong', { max: REVIEW_LIMITS.title.max })
export const REVIEW_TEXT = refusalMessage('errors.reviewText', { min: REVIEW_LIMITS.text.min })
export const REVIEW_TEXT_TOO_LONG = refusalMessage('errors.reviewTextTooLong', { max: REVIEW_LIMITS.text.max })
export const DISPLAY_NAME_MESSAGE = refusalMessage('errors.reviewName')
export const DISPLAY_NAME_TOO_LONG = refusalMessage('errors.reviewNameTooLong', { max: REVIEW_LIMITS.displayName.max })
export const COUNTRY_TOO_LONG = refusalMessage('errors.reviewCountryTooLong', { max: REVIEW_LIMITS.country.max })
export const REVIEW_CONSENT = refusalMessage('errors.reviewConsent')
/** Their English where the tests compare the JSON API's answers (server/i18n/refusals.unit.test.ts holds each pair equal). */
export const REVIEW_TEXT_MESSAGE = `Please write at least ${REVIEW_LIMITS.text.min} characters about your tour`
export const REVIEW_CONSENT_MESSAGE = 'Please agree that we may publish your review'

/** A required one-line text between limits, trimmed. */
function lineField(oneLineMessage: string, min: number, max: number, minMessage: string, maxMessage: string) {
  return z.string({ error: minMessage }).trim().min(min, minMessage).max(max, maxMessage).refine(isSingleLine, oneLineMessage)
}

/**
 * The review form at the private link (docs/decisions/0063), for the page and
 * the JSON API alike. Text is stored as text and always shown escaped; the limits are
 * REVIEW_LIMITS, which the page shows as the guest types.
 */
const reviewFields = {
  rating: wholeNumberField({ min: 1, max: 5, minMessage: RATING_MESSAGE, maxMessage: RATING_MESSAGE }),
  title: lineField(refusalMessage('errors.reviewTitleOneLine'), REVIEW_LIMITS.title.min, REVIEW_LIMITS.title.max, REVIEW_TITLE_MESSAGE, REVIEW_TITLE_TOO_LONG),
  text: z
    .string({ error: REVIEW_TEXT })
    .trim()
    .min(REVIEW_LIMITS.text.min, REVIEW_TEXT)
    .max(REVIEW_LIMITS.text.max, REVIEW_TEXT_TOO_LONG)
    .refine(hasOnlyTextControls, refusalMessage('errors.reviewTextControl')),
  displayName: lineField(refusalMessage('errors.nameOneLine'), REVIEW_LIMITS.displayName.min, REVIEW_LIMITS.displayName.max, DISPLAY_NAME_MESSAGE, DISPLAY_NAME_TOO_LONG),
  country: optionalText(REVIEW_LIMITS.country.max, COUNTRY_TOO_LONG, { oneLine: refusalMessage('errors.reviewCountryOneLine') }),
}

export const reviewSchema = z.object({
  ...reviewFields,
  /** Absent (an unticked box) is a no (docs/decisions/0073). */
  consent: requiredTick(REVIEW_CONSENT),
  /** Honeypot, as on the other guest forms: people leave it empty. */
  website: z.string().optional(),
})

export type ReviewInput = z.input<typeof reviewSchema>
export type ReviewFields = z.output<typeof reviewSchema>

/** The service's refusals, and the English of those the tests compare. */
export const REVIEW_LINK = refusalMessage('errors.reviewLink')
export const REVIEW_CLOSED = refusalMessage('errors.reviewClosed', { days: EDIT_DAYS })
export const REVIEW_HONEYPOT_MESSAGE = refusalMessage('errors.reviewNotSubmitted')
export const REVIEW_LINK_MESSAGE = 'This review link does not work: it may be mistyped, or the booking was cancelled'
export const REVIEW_CLOSED_MESSAGE = `Reviews can be changed for ${EDIT_DAYS} days after they are written, and this one can no longer be changed`

/** The guide's moderation (the dashboard, in the guide's language): a state, a public reply, or both. */
export const reviewModerationSchema = z
  .object({
    status: z.enum(['approved', 'hidden'], { error: refusalMessage('adminErrors.reviewStatus') }).optional(),
    reply: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string()
        .max(REVIEW_LIMITS.text.max, refusalMessage('adminErrors.reviewReplyTooLong', { max: REVIEW_LIMITS.text.max }))
        .refine(hasOnlyTextControls, refusalMessage('adminErrors.reviewReplyControl'))
        .optional(),
    ),
  })
  .refine((v) => v.status !== undefined || v.reply !== undefined, refusalMessage('adminErrors.reviewNothingToChange'))

/** A link to a review elsewhere: http or https only, so no script URL ever reaches a page. */
const webLink = z
  .string()
  .trim()
  .max(500, refusalMessage('adminErrors.reviewLinkTooLong', { max: 500 }))
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol)
    } catch {
      return false
    }
  }, refusalMessage('adminErrors.reviewLinkScheme'))

/**
 * A review a guest left on another site, added by the guide (docs/decisions/0063): the site's name,
 * the review's date, an optional link to it, and the review itself. Shown labelled with its source.
 */
export const externalReviewSchema = z.object({
  ...reviewFields,
  source: z
    .string({ error: refusalMessage('adminErrors.reviewSource') })
    .trim()
    .min(1, refusalMessage('adminErrors.reviewSource'))
    .max(60, refusalMessage('adminErrors.reviewSourceTooLong', { max: 60 }))
    .refine(isSingleLine, refusalMessage('adminErrors.reviewSourceOneLine')),
  sourceUrl: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), webLink.optional()),
  reviewDate: calendarDateField(refusalMessage('adminErrors.reviewDate'), refusalMessage('errors.visitDate')),
  locale: localeField,
})
