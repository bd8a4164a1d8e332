import type { RequestHandler } from 'express'
import { ServiceError } from '../services/service-error.ts'

/** A positive integer id from a path segment; anything else is a 400 (not a 404, not a 500). */
export function parseId(raw: string | string[] | undefined, label = 'id'): number {
  const value = Array.isArray(raw) ? raw[0] : raw
  if (!value || !/^\d{1,10}$/.test(value)) throw new ServiceError('invalid', `Invalid ${label}`)
  const id = Number(value)
  if (id < 1 || id > 2_147_483_647) throw new ServiceError('invalid', `Invalid ${label}`)
  return id
}

/**
 * For paths where a numeric id and a booking's public reference share a place
 * (/bookings/:id and /bookings/:reference, docs/decisions/0006): a segment that is not digits
 * belongs to another route, so this one steps aside rather than refusing it.
 */
export const numericIdOnly: RequestHandler = (req, _res, next) => (/^\d{1,10}$/.test(String(req.params.id)) ? next() : next('route'))
