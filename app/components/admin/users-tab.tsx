import { useState } from 'react'
import { matchesText } from '../../../core/booking-search.ts'
import { NOTIFICATION_PREFERENCES } from '../../../core/schemas/users.ts'
import type { AsJson, PublicUser } from '../../../server/for-app.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { formatDateTime } from './email-and-time.ts'
import { AdminForm, ConfirmedRowAction, FormRefusal } from './admin-form.tsx'
import { FormActions } from './form-actions.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Modal } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

/** A user as JSON: dates are strings. */
export type AdminUser = AsJson<PublicUser>

const PREFERENCE_LABELS: Record<(typeof NOTIFICATION_PREFERENCES)[number], MessageId> = {
  email: 'adminUsers.preferenceEmail',
  whatsapp: 'adminUsers.preferenceWhatsapp',
  none: 'admin.common.none',
}

const COLUMNS: MessageId[] = ['adminUsers.username', 'adminUsers.name', 'adminUsers.email', 'adminUsers.role', 'adminUsers.createdColumn', 'admin.common.actions']

/**
 * The Users tab (docs/decisions/0012). The users come with the page (the Users route's loader,
 * docs/decisions/0088); a new user, an edit and a delete are forms of the route's action, after
 * which the page's loaders run again.
 */
export function UsersTab({ users, search, currentUserId }: { users: AdminUser[]; search: string; currentUserId: number }) {
  const t = useT()
  const locale = useLocale()
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null)

  const shown = users.filter((u) => matchesText([u.username, u.name, u.email], search))

  return (
    <section aria-labelledby="users-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
          {t('adminUsers.title')}
        </h2>
        <Button size="md" variant="brand" onClick={() => setEditing('new')}>
          {t('adminUsers.add')}
        </Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState>{t('adminUsers.emptySearch')}</EmptyState>
      ) : (
        <>
          <div className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  {COLUMNS.map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {t(h)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((u) => (
                  <tr key={u.id} className="border-t border-slate-200">
                    <td className="px-3 py-2 font-medium">{u.username}</td>
                    <td className="px-3 py-2">{u.name ?? '—'}</td>
                    <td className="px-3 py-2">{u.email ?? '—'}</td>
                    <td className="px-3 py-2">{u.isAdmin ? <Badge tone="confirmed">{t('adminUsers.roleAdmin')}</Badge> : <Badge>{t('adminUsers.roleUser')}</Badge>}</td>
                    <td className="px-3 py-2">{formatDateTime(u.createdAt, locale)}</td>
                    <td className="px-3 py-2">
                      <UserActions user={u} self={u.id === currentUserId} onEdit={() => setEditing(u)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden" aria-label={t('adminUsers.title')}>
            {shown.map((u) => (
              <li key={u.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold">{u.username}</p>
                  {u.isAdmin ? <Badge tone="confirmed">{t('adminUsers.roleAdmin')}</Badge> : <Badge>{t('adminUsers.roleUser')}</Badge>}
                </div>
                <p className="text-sm text-slate-700">{u.name ?? '—'}</p>
                <p className="break-all text-sm text-slate-700">{u.email ?? '—'}</p>
                <p className="text-xs text-slate-600">{t('adminUsers.createdAt', { date: formatDateTime(u.createdAt, locale) })}</p>
                <div className="mt-2">
                  <UserActions user={u} self={u.id === currentUserId} onEdit={() => setEditing(u)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing !== null ? (
        <UserForm
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </section>
  )
}

function UserActions({ user, self, onEdit }: { user: AdminUser; self: boolean; onEdit: () => void }) {
  const t = useT()
  return (
    <div className="flex gap-2">
      <Button variant="plain" size="sm" onClick={onEdit} aria-label={t('adminUsers.editLabel', { username: user.username })}>
        {t('admin.common.edit')}
      </Button>
      <ConfirmedRowAction
        intent="remove"
        rowId={user.id}
        trigger={{ label: t('admin.common.delete'), variant: 'danger', size: 'sm', 'aria-label': t('adminUsers.deleteLabel', { username: user.username }), disabled: self, title: self ? t('adminUsers.cannotDeleteSelf') : undefined }}
        title={t('adminUsers.deleteTitle')}
        description={t('adminUsers.deleteDescription', { username: user.username })}
        confirmLabel={t('adminUsers.deleteConfirm')}
        successTitle={t('adminUsers.deleted')}
        successText={t('adminUsers.deletedDescription', { username: user.username })}
        failTitle={t('adminUsers.deleteFailed')}
      />
    </div>
  )
}

function UserForm({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
  const [preference, setPreference] = useState<string>(user?.notificationPreference ?? 'email')
  const creating = user === null
  const t = useT()

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={creating ? t('adminUsers.add') : t('adminUsers.editLabel', { username: user.username })}>
      <AdminForm<AdminUser>
        intent={creating ? 'create' : 'update'}
        successTitle={t(creating ? 'adminUsers.created' : 'adminUsers.updated')}
        successText={(saved) => t('adminUsers.savedDescription', { username: saved.username })}
        failTitle={t(creating ? 'adminUsers.createFailed' : 'adminUsers.updateFailed')}
        onSaved={onSaved}
        className="grid gap-3"
      >
        {({ errors, refusal, busy }) => (
          <>
        {creating ? null : <input type="hidden" name="id" value={user.id} />}
        <Field id="user-username" name="username" label={t('adminUsers.username')} error={errors.username}>
          <Input defaultValue={user?.username ?? ''} autoComplete="off" autoCapitalize="none" required />
        </Field>
        <Field id="user-password" name="password" label={t('adminUsers.password')} error={errors.password} hint={t(creating ? 'adminUsers.passwordHint' : 'adminUsers.passwordKeep')}>
          <Input
            type="password"
            autoComplete="new-password"
            required={creating}
            placeholder={creating ? '' : t('adminUsers.passwordKeep')}
          />
        </Field>
        <Field id="user-name" name="name" label={t('adminUsers.name')} error={errors.name}>
          <Input defaultValue={user?.name ?? ''} autoComplete="off" />
        </Field>
        <Field id="user-email" name="email" label={t('adminUsers.email')} error={errors.email}>
          <Input type="email" defaultValue={user?.email ?? ''} autoComplete="off" />
        </Field>
        <div className="flex items-center gap-2">
          <input id="user-isAdmin" name="isAdmin" type="checkbox" defaultChecked={user?.isAdmin ?? false} className="size-5 accent-brand-700" />
          <label htmlFor="user-isAdmin" className="text-sm font-medium">
            {t('adminUsers.isAdmin')}
          </label>
        </div>
        <Field id="user-notificationPreference" name="notificationPreference" label={t('adminUsers.notificationPreference')}>
          <Select value={preference} onChange={(e) => setPreference(e.target.value)}>
            {NOTIFICATION_PREFERENCES.map((p) => (
              <option key={p} value={p}>
                {t(PREFERENCE_LABELS[p])}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="user-whatsappNumber"
          name="whatsappNumber"
          label={t('adminUsers.whatsappNumber')}
          error={errors.whatsappNumber}
          hint={preference === 'whatsapp' ? t('adminUsers.whatsappLater') : undefined}
        >
          <Input type="tel" defaultValue={user?.whatsappNumber ?? ''} autoComplete="off" />
        </Field>
        <FormRefusal refusal={refusal} errors={errors} />
        <FormActions back={{ onClick: onClose, label: t('admin.common.cancel') }} submit={t(creating ? 'adminUsers.create' : 'adminUsers.saveChanges')} busy={busy} />
          </>
        )}
      </AdminForm>
    </Modal>
  )
}
