import { benchSession, call } from './bench-photos.ts'

/**
 * --reviews: twenty approved reviews on the server under test (docs/decisions/0063), added as the
 * guide adds reviews from other sites, by the Reviews section's form as its script posts it (the
 * route action, docs/decisions/0088), and labelled as benchmark data so nobody could take them
 * for real ones. Lengths vary as real reviews do.
 */
export async function addBenchReviews(baseUrl: string, credentials: { username: string; password: string }, count = 20): Promise<void> {
  const session = await benchSession(baseUrl, credentials, '--reviews')
  const sentence = 'We walked the castle grounds, ate soba by the river and heard the stories behind every street. '
  for (let i = 0; i < count; i++) {
    const review = {
      intent: 'addExternal',
      source: 'Benchmark (not a real review)',
      reviewDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`,
      sourceUrl: '',
      rating: String(5 - (i % 3 === 2 ? 1 : 0)),
      title: `Benchmark review ${i + 1}`,
      text: sentence.repeat(1 + (i % 6)).trim(),
      displayName: `Bench Guest ${i + 1}`,
      country: i % 2 ? 'Australia' : 'Canada',
      locale: 'en',
    }
    // The page's data request, as its fetcher sends it: answered with data, a refusal with a 4xx.
    await call(session, 'POST', '/admin/reviews.data', new URLSearchParams({ ...review, _via: 'fetcher' }))
  }
  console.log(`Added ${count} benchmark reviews.`)
}
