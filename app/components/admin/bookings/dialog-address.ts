import { useAddressWith } from '../use-address-with.ts'

/**
 * The address parameters that open the Bookings section's dialogs (docs/decisions/0088): the
 * route's loader sends what the open one needs, and a link opens it with script or without.
 */
export const DIALOG_PARAMS = {
  details: 'details',
  move: 'move',
  cancel: 'cancel',
  /** Who is cancelling, beside `cancel`: the policy's refund shown is the one for this cause. */
  cause: 'cause',
  create: 'new',
  /** The contact message a new booking starts from, beside `new` (docs/decisions/0059). */
  message: 'message',
  /** The booking just made, with its pay link to copy or send. */
  created: 'created',
} as const

/**
 * This page's address with the booking dialogs closed and, when given, one opened
 * (`{ move: '12' }`); the list's own choices (filter, sort, page) are kept.
 */
export function useDialogAddress() {
  const addressWith = useAddressWith()
  const closed = Object.fromEntries(Object.values(DIALOG_PARAMS).map((name) => [name, null]))
  return (open: Partial<Record<keyof typeof DIALOG_PARAMS, string>> = {}) =>
    addressWith({ ...closed, ...Object.fromEntries(Object.entries(open).map(([key, value]) => [DIALOG_PARAMS[key as keyof typeof DIALOG_PARAMS], value])) })
}
