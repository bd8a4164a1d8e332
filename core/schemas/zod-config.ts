import { z } from 'zod'

/**
 * zod's configuration, imported for its effect by every schema module before it builds a
 * schema. In a browser, building an object schema makes zod probe `new Function` (to
 * compile a faster parser); the Content Security Policy forbids eval, so the probe is
 * refused and reported as a CSP violation each time a page loads a schema. `jitless` skips
 * the probe there; the forms are small and the interpreted parser is fast enough. The
 * server keeps the compiled parser.
 */
if (typeof window !== 'undefined') z.config({ jitless: true })
