import type { TourPackage } from '../db/schema.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'

/** What the booking form and price cards need of a tour: prices for core/pricing.ts quote(). */
export type PublicTourPackage = Pick<
  TourPackage,
  | 'id'
  | 'name'
  | 'shortDescription'
  | 'description'
  | 'duration'
  | 'isHalfDay'
  | 'basePrice'
  | 'extraGuestPrice'
  | 'soloPrice'
  | 'soloPromoStart'
  | 'soloPromoEnd'
  | 'maxGroupSize'
  | 'imageUrl'
>

/** The tour as a guest reading `locale` sees it: its words in that language where the guide has translated them. */
export function publicTourPackage(stored: TourPackage, locale: Locale = 'en'): PublicTourPackage {
  const p = localizeTour(stored, locale)
  return {
    id: p.id,
    name: p.name,
    shortDescription: p.shortDescription,
    description: p.description,
    duration: p.duration,
    isHalfDay: p.isHalfDay,
    basePrice: p.basePrice,
    extraGuestPrice: p.extraGuestPrice,
    soloPrice: p.soloPrice,
    soloPromoStart: p.soloPromoStart,
    soloPromoEnd: p.soloPromoEnd,
    maxGroupSize: p.maxGroupSize,
    imageUrl: p.imageUrl,
  }
}
