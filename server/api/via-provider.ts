import type { Refusal } from '../../core/i18n/refusal.ts'
import { ProviderError } from '../payments/provider.ts'
import { ServiceError } from '../services/service-error.ts'

/**
 * A payment provider's failure becomes a 502 refused with `said`, which the page says in its
 * language (docs/decisions/0087); nothing of the provider's own words leaks.
 */
export async function viaProvider<T>(run: () => Promise<T>, said: Refusal): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ProviderError) throw new ServiceError('provider-failed', said)
    throw error
  }
}
