import { describe, expect, it } from 'vitest'
import { safeAdminRedirect } from './redirect.ts'

describe('safeAdminRedirect', () => {
  it.each([
    [null, '/admin/dashboard'],
    ['/admin/dashboard?tab=users', '/admin/dashboard?tab=users'],
    ['/admin', '/admin'],
    ['/administrator', '/admin/dashboard'],
    ['//evil.example/admin', '/admin/dashboard'],
    ['https://evil.example/admin', '/admin/dashboard'],
    ['/\\evil.example', '/admin/dashboard'],
    ['/admin/login?redirectTo=x', '/admin/dashboard'],
    ['/booking', '/admin/dashboard'],
  ])('%j → %j', (value, expected) => {
    expect(safeAdminRedirect(value)).toBe(expected)
  })
})
