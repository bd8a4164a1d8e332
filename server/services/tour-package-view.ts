import type { TourPackage } from '../db/schema.ts'

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

export function publicTourPackage(p: TourPackage): PublicTourPackage {
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
