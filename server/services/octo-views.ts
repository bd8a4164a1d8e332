import crypto from 'node:crypto'
import {
  AvailabilityType,
  BookingStatus as OctoBookingStatus,
  ContactField,
  PricingPer,
  RedemptionMethod,
  Refund,
  UnitType,
  type Availability,
  type AvailabilityCalendar,
  type Booking as OctoBooking,
  type Option,
  type Product,
  type Supplier,
  type Unit,
} from '@octocloud/types'
import type { Config } from '../config/index.ts'
import type { Reseller, TourPackage } from '../db/schema.ts'
import type { CalendarDate } from '../../core/dates.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import {
  GROUP_LIMITS,
  GUEST_UNIT_ID,
  OCTO_CANCELLATION_CUTOFF,
  OCTO_CURRENCY,
  OCTO_TIME_ZONE,
  availabilityIdOf,
  localTimesOf,
  octoCancellable,
  octoDayStatus,
  octoPricing,
  resellerPricing,
  octoSlotStatus,
  octoStatusOf,
  optionIdOf,
  optionTourTimes,
} from '../../core/octo.ts'
import { slotLabel, type SlotAvailability, type SlotStartTimes, type TourTime } from '../../core/slots.ts'
import type { Booking } from './ledger.ts'

/** The supplier and its tours as OCTO writes them (docs/decisions/0074), from the site's own settings and catalogue. */

export function supplierView(config: Config): Supplier {
  const { site } = config
  return {
    id: new URL(config.baseUrl).hostname,
    name: site.businessName,
    endpoint: `${config.baseUrl}/octo/v1`,
    contact: { website: config.baseUrl, email: site.email, telephone: site.seller.phone ?? site.whatsappNumber, address: site.seller.address ?? site.city },
    shortDescription: `Private half-day and full-day tours in ${site.city}, Japan, with a local guide.`,
  }
}

const guestUnit: Unit = {
  id: GUEST_UNIT_ID,
  internalName: 'Guest',
  reference: null,
  // Every guest of a private group counts alike, children too: one unit of the most widely mapped type.
  type: UnitType.ADULT,
  title: 'Guest',
  restrictions: { minAge: 0, maxAge: 120, idRequired: false, minQuantity: 1, maxQuantity: MAX_GROUP, paxCount: 1, accompaniedBy: [] },
  requiredContactFields: [],
}

function optionView(pkg: TourPackage, reseller: Reseller, startTimes: SlotStartTimes, fromPrice: number): Option {
  const id = optionIdOf(pkg.isHalfDay)
  const times = optionTourTimes(id)
  return {
    id,
    default: true,
    internalName: pkg.isHalfDay ? 'Half day (morning or afternoon)' : 'Full day',
    title: pkg.isHalfDay ? 'Half day' : 'Full day',
    reference: null,
    availabilityLocalStartTimes: times.map((t) => startTimes[t]),
    ...OCTO_CANCELLATION_CUTOFF,
    requiredContactFields: [ContactField.FIRST_NAME, ContactField.LAST_NAME, ContactField.EMAIL_ADDRESS],
    restrictions: { ...GROUP_LIMITS, maxUnits: Math.min(GROUP_LIMITS.maxUnits, pkg.maxGroupSize) },
    units: [{ ...guestUnit, restrictions: { ...guestUnit.restrictions, maxQuantity: pkg.maxGroupSize } }],
    pricingFrom: [resellerPricing(fromPrice, reseller.commissionPercent)],
  }
}

export function productView(pkg: TourPackage, reseller: Reseller, startTimes: SlotStartTimes, fromPrice: number): Product {
  return {
    id: String(pkg.id),
    internalName: pkg.name,
    reference: pkg.slug,
    locale: 'en',
    timeZone: OCTO_TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: AvailabilityType.START_TIME,
    deliveryFormats: [],
    deliveryMethods: [],
    // The guide meets the group with the booking's name on a list: no ticket to scan.
    redemptionMethod: RedemptionMethod.MANIFEST,
    options: [optionView(pkg, reseller, startTimes, fromPrice)],
    defaultCurrency: OCTO_CURRENCY,
    availableCurrencies: [OCTO_CURRENCY],
    pricingPer: PricingPer.BOOKING,
    title: pkg.name,
    shortDescription: pkg.shortDescription || null,
    description: pkg.description || null,
  }
}

export const availabilityView = {
  idOf: (b: Pick<Booking, 'tourDate' | 'tourTime'>, startTimes: SlotStartTimes) => availabilityIdOf(b.tourDate, b.tourTime as TourTime, startTimes),

  slot(date: CalendarDate, tourTime: TourTime, slot: Pick<SlotAvailability, 'available' | 'reason'>, cutoff: Date, price: number, reseller: Reseller, startTimes: SlotStartTimes): Availability {
    return {
      id: availabilityIdOf(date, tourTime, startTimes),
      ...localTimesOf(date, tourTime, startTimes),
      utcCutoffAt: cutoff.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      allDay: false,
      ...octoSlotStatus(slot),
      title: slotLabel(tourTime),
      pricing: resellerPricing(price, reseller.commissionPercent),
    }
  },

  day(date: CalendarDate, slots: { tourTime: TourTime; slot: Pick<SlotAvailability, 'available' | 'reason'> }[], price: number, reseller: Reseller, startTimes: SlotStartTimes): AvailabilityCalendar {
    return {
      localDate: date,
      ...octoDayStatus(slots.map((s) => s.slot)),
      openingHours: slots.flatMap((s) => localTimesOf(date, s.tourTime, startTimes).openingHours),
      pricingFrom: resellerPricing(price, reseller.commissionPercent),
    }
  },
}

/**
 * A unit item's uuid: the same on every read, though the site keeps a group's size, not its
 * items. A name-based UUID (version 5 layout) of the booking's uuid and the item's place.
 */
function unitItemUuid(bookingUuid: string, index: number): string {
  const hash = crypto.createHash('sha1').update(`${bookingUuid}:${index}`).digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const iso = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null)

export function bookingView(input: {
  booking: Booking
  reseller: Reseller
  pkg: TourPackage
  slot: { slot: SlotAvailability; cutoff: Date }
  startTimes: SlotStartTimes
  now: Date
  today: CalendarDate
  confirmedAt: Date | null
}): OctoBooking {
  const { booking: b, reseller, pkg, startTimes, now } = input
  const status = octoStatusOf(b, now)
  const tourTime = b.tourTime as TourTime
  const price = b.money.price
  const contact = {
    fullName: b.name,
    firstName: null,
    lastName: null,
    emailAddress: b.email || null,
    phoneNumber: b.phone || null,
    locales: [b.locale],
    postalCode: null,
    country: null,
    notes: null,
  }
  return {
    id: b.reference,
    uuid: b.octoUuid!,
    testMode: b.testMode,
    resellerReference: b.resellerReference,
    supplierReference: b.reference,
    status,
    utcCreatedAt: iso(b.createdAt)!,
    utcUpdatedAt: iso(b.updatedAt)!,
    utcExpiresAt: status === OctoBookingStatus.ON_HOLD ? iso(b.holdExpiresAt) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: iso(input.confirmedAt),
    productId: String(pkg.id),
    optionId: optionIdOf(pkg.isHalfDay),
    cancellable: octoCancellable(b, input.today, now),
    cancellation:
      status === OctoBookingStatus.CANCELLED
        ? // The reseller took the guest's money: nothing of it reached the guide, so the guest is owed all of it back.
          { refund: Refund.FULL, reason: b.cancellationReason, utcCancelledAt: iso(b.cancelledAt ?? b.holdExpiresAt ?? b.updatedAt)! }
        : null,
    freesale: false,
    availabilityId: availabilityView.idOf(b, startTimes),
    availability: availabilityView.slot(b.tourDate, tourTime, input.slot.slot, input.slot.cutoff, price, reseller, startTimes),
    contact,
    notes: b.specialRequests,
    deliveryMethods: [],
    voucher: null,
    unitItems: Array.from({ length: b.numberOfPeople }, (_, i) => ({
      uuid: unitItemUuid(b.octoUuid!, i),
      resellerReference: null,
      supplierReference: null,
      unitId: GUEST_UNIT_ID,
      status,
      utcRedeemedAt: null,
      contact: { ...contact, fullName: i === 0 ? b.name : null, emailAddress: null, phoneNumber: null },
      ticket: null,
    })),
    // What the reseller owes once confirmed is the ledger's; before, what it would owe at its rate.
    pricing: b.money.reseller > 0 ? octoPricing(price, b.money.reseller) : resellerPricing(price, reseller.commissionPercent),
  }
}
