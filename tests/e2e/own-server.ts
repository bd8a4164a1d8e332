import { startProductionServer } from '../../scripts/production-server.ts'

/**
 * A production server of the current build with a fresh data folder of its own, for
 * journeys that must not share the main e2e server: a different configuration (Stripe
 * keys), or changes every other spec would see (the price catalogue).
 */
export type OwnServer = { baseURL: string; stop: () => Promise<void> }

export async function startOwnServer(name: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const server = await startProductionServer({ name: `e2e-${name}`, env, stderr: 'ignore' })
  return { baseURL: server.url, stop: server.stop }
}
