/**
 * What the booking page keeps of the details form while the guest is on another step: the
 * page holds these from its first render, the form itself (details-form.tsx) loads only when
 * the guest reaches it (docs/decisions/0054), so they live apart from it.
 */
export type FormValues = {
  name: string
  email: string
  phone: string
  numberOfPeople: string
  tourPackageId: string
  interestTheme: string
  specialRequests: string
  /** 'on' once the guest ticked the consent to the cancellation policy and terms, as a form posts it. */
  acceptPolicy: string
  /** A meeting point's id or 'pickup'; '' keeps the slot's usual place (docs/decisions/0052). */
  meetingPoint: string
  pickupHotel: string
  /** A promo code as typed (docs/decisions/0062); the server checks and applies it. */
  promoCode: string
  /** A gift voucher's code as typed (docs/decisions/0065); the server checks and spends it. */
  voucherCode: string
  website: string
}

export const EMPTY_FORM: FormValues = {
  name: '',
  email: '',
  phone: '',
  numberOfPeople: '2',
  tourPackageId: '',
  interestTheme: '',
  specialRequests: '',
  acceptPolicy: '',
  meetingPoint: '',
  pickupHotel: '',
  promoCode: '',
  voucherCode: '',
  website: '',
}

/** What the guest chose or typed, by form field (answer.12, answer.12.detail); several choices are a list. */
export type AnswerValues = Record<string, string | string[]>

/** The answer fields of a form post echoed back (a refused script-free post), and the other fields apart. */
export function splitAnswerValues(values: Record<string, string | string[]> | undefined): { fields: Record<string, string>; answers: AnswerValues } {
  const fields: Record<string, string> = {}
  const answers: AnswerValues = {}
  for (const [key, value] of Object.entries(values ?? {})) {
    if (key.startsWith('answer.')) answers[key] = value
    else fields[key] = Array.isArray(value) ? (value[value.length - 1] ?? '') : value
  }
  return { fields, answers }
}
