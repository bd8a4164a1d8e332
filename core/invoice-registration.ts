/**
 * A qualified invoice issuer's registration number (適格請求書発行事業者の登録番号,
 * docs/decisions/0080): `T` and 13 digits. For a corporation the digits are its corporate number
 * (法人番号), whose first digit is a check digit over the other twelve; a sole proprietor's digits
 * are a number of their own for which the National Tax Agency publishes no check rule, so only
 * the format is checked.
 */

export const ISSUER_TYPES = ['sole-proprietor', 'corporation'] as const
export type IssuerType = (typeof ISSUER_TYPES)[number]

const FORMAT = /^T\d{13}$/

/**
 * The corporate number's check digit (法人番号の指定等に関する省令 第2条): 9 − (Σ Pn × Qn mod 9),
 * Pn the n-th of the twelve base digits counted from the right, Qn 1 when n is odd and 2 when even.
 */
export function corporateCheckDigit(base12: string): number {
  let sum = 0
  for (let n = 1; n <= 12; n++) sum += Number(base12[12 - n]) * (n % 2 === 1 ? 1 : 2)
  return 9 - (sum % 9)
}

/** 'T 7000-0120-5000 2' or 't7000012050002 ' as the guide may type it: 'T7000012050002'. */
export function normaliseRegistrationNumber(input: string): string {
  return input.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase()
}

/** Why the number cannot be a registration number of this kind of issuer, as its refusal's message id (docs/decisions/0087), or null. */
export function registrationNumberProblem(number: string, issuer: IssuerType): 'adminErrors.registrationNumberFormat' | 'adminErrors.registrationNumberCheckDigit' | null {
  if (!FORMAT.test(number)) return 'adminErrors.registrationNumberFormat'
  if (issuer === 'corporation' && corporateCheckDigit(number.slice(2)) !== Number(number[1])) return 'adminErrors.registrationNumberCheckDigit'
  return null
}
