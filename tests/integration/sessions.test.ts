import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'

/**
 * docs/decisions/0026: a password change ends the sessions of whoever knew the old password, and an
 * admin can end all of their own sessions ("Log out everywhere" in Settings).
 */
describe.each(ENGINES)('sessions on %s', (engine) => {
  let app: TestApp
  let owner: { id: number }
  let other: { id: number }
  const signIn = async (username: string, password: string): Promise<TestClient> => {
    const client = app.client()
    expect((await client.post('/api/login', { username, password })).status).toBe(200)
    return client
  }
  const signedIn = async (client: TestClient) => (await client.get('/api/user')).status === 200

  beforeEach(async () => {
    app = await startTestApp(engine)
    owner = await app.createUser('owner', 'owner-password', true)
    other = await app.createUser('other-admin', 'other-password', true)
  })
  afterEach(async () => {
    await app.close()
  })

  it('changing your own password keeps the session that made the change and ends the others', async () => {
    const laptop = await signIn('owner', 'owner-password')
    const phone = await signIn('owner', 'owner-password')
    const colleague = await signIn('other-admin', 'other-password')

    const res = await laptop.patch(`/api/admin/users/${owner.id}`, { username: 'owner', password: 'brand-new-password' })
    expect(res.status).toBe(200)

    expect(await signedIn(laptop)).toBe(true)
    expect(await signedIn(phone)).toBe(false)
    expect(await signedIn(colleague)).toBe(true)
    expect((await app.client().post('/api/login', { username: 'owner', password: 'owner-password' })).status).toBe(401)
    await signIn('owner', 'brand-new-password')
  })

  it('an edit of your own account without a new password ends no session', async () => {
    const laptop = await signIn('owner', 'owner-password')
    const phone = await signIn('owner', 'owner-password')
    expect((await laptop.patch(`/api/admin/users/${owner.id}`, { username: 'owner', name: 'The Owner', password: '' })).status).toBe(200)
    expect(await signedIn(laptop)).toBe(true)
    expect(await signedIn(phone)).toBe(true)
  })

  it("setting another admin's password ends every session of that admin, and none of yours", async () => {
    const laptop = await signIn('owner', 'owner-password')
    const theirs = [await signIn('other-admin', 'other-password'), await signIn('other-admin', 'other-password')]
    expect((await laptop.patch(`/api/admin/users/${other.id}`, { username: 'other-admin', password: 'reset-by-owner' })).status).toBe(200)
    for (const client of theirs) expect(await signedIn(client)).toBe(false)
    expect(await signedIn(laptop)).toBe(true)
  })

  it('"Log out everywhere" ends every session of the admin, the current one included, and no one else’s', async () => {
    const laptop = await signIn('owner', 'owner-password')
    const phone = await signIn('owner', 'owner-password')
    const colleague = await signIn('other-admin', 'other-password')

    const res = await laptop.post('/api/logout-everywhere')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true, ended: 2 })
    expect(await signedIn(laptop)).toBe(false)
    expect(await signedIn(phone)).toBe(false)
    expect(await signedIn(colleague)).toBe(true)
  })

  it("the dashboard's Log out and Log out everywhere are plain forms: the answer clears the cookie and goes on to the login page", async () => {
    const asForm = { 'content-type': 'application/x-www-form-urlencoded' }
    const laptop = await signIn('owner', 'owner-password')
    const phone = await signIn('owner', 'owner-password')
    const out = await laptop.post('/api/logout', '', asForm)
    expect(out.status).toBe(303)
    expect(out.headers.get('location')).toBe('/admin/login')
    expect(out.headers.get('set-cookie')).toMatch(/expires=Thu, 01 Jan 1970/i)
    expect(await signedIn(laptop)).toBe(false)
    expect(await signedIn(phone)).toBe(true)

    const colleague = await signIn('other-admin', 'other-password')
    const everywhere = await phone.post('/api/logout-everywhere', '', asForm)
    expect(everywhere.status).toBe(303)
    expect(everywhere.headers.get('location')).toBe('/admin/login')
    expect(everywhere.headers.get('set-cookie')).toMatch(/expires=Thu, 01 Jan 1970/i)
    expect(await signedIn(phone)).toBe(false)
    expect(await signedIn(colleague)).toBe(true)
  })

  it('"Log out everywhere" needs an admin session and is refused from another site', async () => {
    expect((await app.client().post('/api/logout-everywhere')).status).toBe(401)
    const laptop = await signIn('owner', 'owner-password')
    const forged = await laptop.post('/api/logout-everywhere', {}, { origin: 'https://attacker.example' })
    expect(forged.status).toBe(403)
    const crossSite = await laptop.post('/api/logout-everywhere', {}, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await signedIn(laptop)).toBe(true)
  })
})
