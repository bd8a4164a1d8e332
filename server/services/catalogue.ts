import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { tourPackages, type TourPackage } from '../db/schema.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import type { TourPackageUpdate } from '../../core/schemas/tour-package-update.ts'
import { publicTourPackage, type PublicTourPackage } from './tour-package-view.ts'

/** The tour price catalogue (docs/decisions/0019): the only source of every price shown or charged. */
export function createCatalogueService(db: Db) {
  return {
    /** Every tour, bookable or not, in display order. */
    async list(): Promise<TourPackage[]> {
      return db.select().from(tourPackages).orderBy(asc(tourPackages.sortOrder), asc(tourPackages.id))
    },
    /** The tours guests may book (the admin's "bookable" switch), in display order: the one place that filter lives. */
    async bookable(): Promise<TourPackage[]> {
      return db.select().from(tourPackages).where(eq(tourPackages.available, true)).orderBy(asc(tourPackages.sortOrder), asc(tourPackages.id))
    },
    /** The bookable tours as the booking form and the public API see them, in the guest's language. */
    async bookableForGuests(locale: Locale = 'en'): Promise<PublicTourPackage[]> {
      return (await this.bookable()).map((p) => publicTourPackage(p, locale))
    },
    async get(id: number): Promise<TourPackage | undefined> {
      const [row] = await db.select().from(tourPackages).where(eq(tourPackages.id, id))
      return row
    },
    /** The admin's edit (docs/decisions/0019, 0045): prices, promotion window, duration, bookable or not, translations. */
    async update(id: number, input: TourPackageUpdate): Promise<TourPackage | undefined> {
      const [row] = await db
        .update(tourPackages)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(tourPackages.id, id))
        .returning()
      return row
    },
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>
