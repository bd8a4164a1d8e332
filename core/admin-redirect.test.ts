import { describe, expect, it } from 'vitest'
import { adminLoginPath, safeAdminRedirect } from './admin-redirect.ts'

describe('safeAdminRedirect', () => {
  it.each([
    [null, '/admin/bookings'],
    ['/admin/dashboard?tab=users', '/admin/dashboard?tab=users'],
    ['/admin/users?q=x', '/admin/users?q=x'],
    ['/admin', '/admin'],
    ['/administrator', '/admin/bookings'],
    ['//evil.example/admin', '/admin/bookings'],
    ['https://evil.example/admin', '/admin/bookings'],
    ['/\\evil.example', '/admin/bookings'],
    ['/admin/login?redirectTo=x', '/admin/bookings'],
    ['/booking', '/admin/bookings'],
  ])('%j → %j', (value, expected) => {
    expect(safeAdminRedirect(value)).toBe(expected)
  })
})

describe('adminLoginPath', () => {
  it('asks for login with Access denied and comes back to the same page, which safeAdminRedirect accepts', () => {
    const path = adminLoginPath('/admin/dashboard?tab=users&bookingId=12')
    expect(path).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fdashboard%3Ftab%3Dusers%26bookingId%3D12')
    const back = new URL(path, 'http://site.test').searchParams.get('redirectTo')
    expect(safeAdminRedirect(back)).toBe('/admin/dashboard?tab=users&bookingId=12')
  })
})

describe('adminLoginPath with a reason', () => {
  it('marks a failed script-free login and a non-admin, keeping the way back', () => {
    expect(adminLoginPath('/admin/dashboard', 'failed')).toBe('/admin/login?failed=1&redirectTo=%2Fadmin%2Fdashboard')
    expect(adminLoginPath('/admin/dashboard', 'not-admin')).toBe('/admin/login?notAdmin=1&redirectTo=%2Fadmin%2Fdashboard')
  })
})
