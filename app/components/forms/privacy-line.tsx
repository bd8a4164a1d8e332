import { Link } from 'react-router'

/** The one line every form that collects personal data shows (issue 9, APPI). */
export function PrivacyLine({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      We use your details only to answer you and run your tour.{' '}
      <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-blossom-700">
        Privacy notice
      </Link>
    </p>
  )
}
