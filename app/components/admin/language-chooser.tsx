import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import { Field, Select } from '../ui/field.tsx'
import { AddressChoice } from './address-choice.tsx'
import { useAddressWith } from './use-address-with.ts'

/**
 * Which language a Settings form edits, named by the address (`?{param}=ja`) so that the page's
 * loader sends that language's texts (docs/decisions/0088). With script the choice itself loads
 * them; without, a button sends the choice (AddressChoice).
 */
export function LanguageChooser({ id, param, value, label, hint }: { id: string; param: string; value: Locale; label: string; hint?: ReactNode }) {
  const addressWith = useAddressWith()
  const navigate = useNavigate()
  const choose = (code: string) => navigate(addressWith(param, code), { replace: true, preventScrollReset: true })

  return (
    <AddressChoice names={[param]} className="flex flex-wrap items-end gap-2">
      <Field id={id} name={param} label={label} hint={hint}>
        <Select value={value} onChange={(e) => choose(e.target.value)}>
          {LOCALES.map(({ code, nativeName }) => (
            <option key={code} value={code}>
              {nativeName} ({code})
            </option>
          ))}
        </Select>
      </Field>
    </AddressChoice>
  )
}
