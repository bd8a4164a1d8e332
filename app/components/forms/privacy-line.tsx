import { Link } from 'react-router'
import { T, useLocalePath } from '../../i18n/i18n.tsx'

/** The one line every form that collects personal data shows (APPI). */
export function PrivacyLine({ className = '' }: { className?: string }) {
  const path = useLocalePath()
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      <T
        id="forms.privacyLine"
        components={{ 0: <Link to={path('/privacy')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-blossom-700" /> }}
      />
    </p>
  )
}
