import type { ReactNode } from 'react'
import { Form, useNavigate, useSearchParams } from 'react-router'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import { useT } from '../../i18n/i18n.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Select } from '../ui/field.tsx'
import { useAddressWith } from './use-address-with.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/**
 * Which language a Settings form edits, named by the address (`?{param}=ja`) so that the page's
 * loader sends that language's texts (docs/decisions/0088). With script the choice itself loads
 * them; without, a button sends the choice. The address's other choices are kept.
 */
export function LanguageChooser({ id, param, value, label, hint }: { id: string; param: string; value: Locale; label: string; hint?: ReactNode }) {
  const t = useT()
  const [params] = useSearchParams()
  const addressWith = useAddressWith()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const choose = (code: string) => navigate(addressWith(param, code), { replace: true, preventScrollReset: true })

  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2">
      {[...params].filter(([name]) => name !== param).map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
      <Field id={id} name={param} label={label} hint={hint}>
        <Select value={value} onChange={(e) => choose(e.target.value)}>
          {LOCALES.map(({ code, nativeName }) => (
            <option key={code} value={code}>
              {nativeName} ({code})
            </option>
          ))}
        </Select>
      </Field>
      {hydrated ? null : (
        <Button size="md" variant="plain" type="submit">
          {t('adminSettings.show')}
        </Button>
      )}
    </Form>
  )
}
