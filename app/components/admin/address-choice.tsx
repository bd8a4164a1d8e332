import type { ReactNode } from 'react'
import { Form, useSearchParams } from 'react-router'
import { useT } from '../../i18n/i18n.tsx'
import { Button } from '../ui/button.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'

/**
 * A choice of what a dashboard page shows, kept in its address so the page's loader sends it
 * (docs/decisions/0088): which language a form edits, which bookings the list shows. With script,
 * the choice's own control goes to the new address; without, a Show button sends this form. The
 * address's other choices ride along, except those `names` this form sets.
 */
export function AddressChoice({ names, className, children }: { names: string[]; className?: string; children: ReactNode }) {
  const t = useT()
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  return (
    <Form method="get" preventScrollReset className={className}>
      {[...params]
        .filter(([name]) => !names.includes(name))
        .map(([name, kept]) => (
          <input key={name} type="hidden" name={name} value={kept} />
        ))}
      {children}
      {hydrated ? null : (
        <Button size="md" variant="plain" type="submit">
          {t('admin.common.show')}
        </Button>
      )}
    </Form>
  )
}
