import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ServiceError } from '../services/service-error.ts'
import { failureOf } from './service-failure.ts'

describe('failureOf: one answer per kind of refusal (docs/decisions/0037)', () => {
  it('gives each kind its status and keeps the message', () => {
    const statuses = (['invalid', 'unauthenticated', 'payment-declined', 'not-found', 'conflict', 'gone', 'rate-limited', 'provider-failed'] as const).map(
      (kind) => failureOf(new ServiceError(kind, 'Refused'))?.status,
    )
    expect(statuses).toEqual([400, 401, 402, 404, 409, 410, 429, 502])
    expect(failureOf(new ServiceError('conflict', 'Taken'))).toEqual({ status: 409, message: 'Taken', errors: undefined, refusal: 'Taken', refusals: undefined, extra: {}, headers: {} })
  })

  it('carries a field error, Retry-After and extra body fields', () => {
    expect(failureOf(new ServiceError('conflict', 'Unpaid', { field: 'email' }))?.errors).toEqual({ email: 'Unpaid' })
    expect(failureOf(new ServiceError('rate-limited', 'Wait', { retryAfter: 30 }))?.headers).toEqual({ 'Retry-After': '30' })
    expect(failureOf(new ServiceError('conflict', 'Blocked', { extra: { blockers: [] } }))?.extra).toEqual({ blockers: [] })
  })

  it('answers a schema error as invalid with every field message, the first as the message', () => {
    const result = z.object({ name: z.string().min(1, 'Name please'), email: z.email('Email please') }).safeParse({ name: '', email: 'x' })
    expect(failureOf(result.error)).toMatchObject({ status: 400, message: 'Name please', errors: { name: 'Name please', email: 'Email please' } })
  })

  it("recognises another bundle's copy of the class, where instanceof fails", async () => {
    vi.resetModules()
    const copy = await import('../services/service-error.ts')
    const foreign = new copy.ServiceError('gone', 'Expired')
    expect(foreign).not.toBeInstanceOf(ServiceError)
    expect(failureOf(foreign)).toMatchObject({ status: 410, message: 'Expired' })
  })

  it('leaves everything else to the caller', () => {
    expect(failureOf(new Error('boom'))).toBeNull()
    expect(failureOf(Object.assign(new Error('looks like one'), { kind: 'conflict', status: 409 }))).toBeNull()
    expect(failureOf(null)).toBeNull()
  })
})
