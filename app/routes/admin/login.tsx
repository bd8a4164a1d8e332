import { useEffect, useRef, useState } from 'react'
import { Link, redirect, useNavigate, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { loginSchema } from '../../../core/schemas/auth.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { toast } from '../../components/ui/use-toast.ts'
import { Button } from '../../components/ui/button.tsx'
import { Field, Input } from '../../components/ui/field.tsx'
import { LOGIN_NOTICE_PARAM, safeAdminRedirect } from '../../../core/admin-redirect.ts'
import { adminLoginMessages } from '../../i18n/admin-messages.server.ts'
import { useT } from '../../i18n/i18n.tsx'
import { businessNameOf, metaTranslator, rootLocaleOf } from '../../i18n/translator.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(rootLocaleOf(matches) ?? 'en', matches)('admin.login.metaTitle', { business: businessNameOf(matches) }) },
  { name: 'robots', content: 'noindex' },
]

/**
 * An admin who is already logged in goes straight on. The page speaks the dashboard's language:
 * the browser's choice between Japanese and English, nobody being known yet (docs/decisions/0086),
 * and carries the `admin` namespace's words, with the few refusals its form says itself (docs/decisions/0087, 0088).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (context.user?.isAdmin && !url.searchParams.has('denied')) throw redirect(safeAdminRedirect(url.searchParams.get('redirectTo')))
  return { messages: adminLoginMessages(request, context) }
}

type LoginResponse = { success?: boolean; message?: string; user?: { isAdmin?: boolean; username?: string } }

export default function AdminLogin() {
  const t = useT()
  const fieldErrors = useFieldErrors()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [submitting, setSubmitting] = useState(false)
  const shownDenied = useRef(false)
  // Marks the form once its script runs (the browser tests wait for it, as for the site header's).
  const hydrated = useHydrated()
  // Set by /api/login when it answered the script-free form (core/admin-redirect.ts).
  const notice =
    params.get(LOGIN_NOTICE_PARAM.failed) === '1'
      ? t('admin.login.failedNotice')
      : params.get(LOGIN_NOTICE_PARAM['not-admin']) === '1'
        ? t('admin.login.deniedNotice')
        : null

  // Sent here by the dashboard without an admin session.
  useEffect(() => {
    if (params.get('denied') === '1' && !shownDenied.current) {
      shownDenied.current = true
      toast({ title: t('admin.login.deniedTitle'), description: t('admin.login.loginRequired'), variant: 'destructive' })
    }
  }, [params, t])

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = loginSchema.safeParse({ username: form.get('username'), password: form.get('password') })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const res = await fetch('/api/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
      })
      const body = (await res.json().catch(() => ({}))) as LoginResponse
      if (!res.ok || !body.success) {
        toast({ title: t('admin.login.failedTitle'), description: body.message || t('admin.login.invalidCredentials'), variant: 'destructive' })
        return
      }
      if (!body.user?.isAdmin) {
        // A non-admin gets no session in the admin area: log them straight out again.
        await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined)
        toast({ title: t('admin.login.deniedTitle'), description: t('admin.login.notAdmin'), variant: 'destructive' })
        return
      }
      toast({ title: t('admin.login.welcome'), description: t('admin.dashboard.loggedInAs', { username: body.user.username ?? parsed.data.username }) })
      navigate(safeAdminRedirect(params.get('redirectTo')), { replace: true })
    } catch {
      toast({ title: t('admin.login.errorTitle'), description: t('admin.login.unexpected'), variant: 'destructive' })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{t('admin.login.title')}</h1>
        <p className="mt-1 text-sm text-slate-700">{t('admin.login.intro')}</p>
        {notice ? (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {notice}
          </p>
        ) : null}
        {/* Until the script runs, the browser posts the form itself (never a GET: the password stays out of URLs). */}
        <form className="mt-6 grid gap-4" method="post" action="/api/login" noValidate onSubmit={onSubmit} data-hydrated={hydrated ? 'true' : undefined}>
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
          <Field id="username" label={t('admin.login.username')} error={errors.username}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} required minLength={3} />
          </Field>
          <Field id="password" label={t('admin.login.password')} error={errors.password}>
            <Input type="password" autoComplete="current-password" required minLength={6} />
          </Field>
          <Button size="md" variant="brand" type="submit" disabled={submitting} className="w-full">
            {submitting ? t('admin.login.submitting') : t('admin.login.submit')}
          </Button>
        </form>
        <p className="mt-6 text-center">
          <Link to="/" className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-blossom-700">
            {t('admin.login.returnToWebsite')}
          </Link>
        </p>
      </div>
    </main>
  )
}
