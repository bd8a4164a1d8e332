import { useState } from 'react'
import { matchesText } from '../../../core/booking-search.ts'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import { NOTIFICATION_PREFERENCES, userCreateSchema, userUpdateSchema } from '../../../core/schemas/users.ts'
import type { AsJson, PublicUser } from '../../../server/for-app.ts'
import { api, failToast, formatDateTime, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog, Modal } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

/** A user as JSON: dates are strings. */
export type AdminUser = AsJson<PublicUser>

const PREFERENCE_LABELS: Record<(typeof NOTIFICATION_PREFERENCES)[number], string> = { email: 'Email', whatsapp: 'WhatsApp', none: 'None' }

/** The Users tab (docs/decisions/0012). */
export function UsersTab({ search, currentUserId }: { search: string; currentUserId: number }) {
  const { data: users, reload: load } = useAdminData<AdminUser[]>('/api/admin/users', 'Failed to fetch users', [])
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null)

  async function remove(user: AdminUser) {
    try {
      await api('DELETE', `/api/admin/users/${user.id}`)
      successToast('User deleted', `${user.username} was deleted.`)
      await load()
    } catch (error) {
      failToast('Failed to delete user', error)
    }
  }

  const shown = (users ?? []).filter((u) => matchesText([u.username, u.name, u.email], search))

  return (
    <section aria-labelledby="users-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
          Users
        </h2>
        <Button size="md" variant="brand" onClick={() => setEditing('new')}>Add User</Button>
      </div>
      {users === null ? (
        <p className="text-slate-700">Loading users…</p>
      ) : shown.length === 0 ? (
        <EmptyState>No users match your search.</EmptyState>
      ) : (
        <>
          <div className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  {['Username', 'Name', 'Email', 'Role', 'Created', 'Actions'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
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
                    <td className="px-3 py-2">{u.isAdmin ? <Badge tone="confirmed">Admin</Badge> : <Badge>User</Badge>}</td>
                    <td className="px-3 py-2">{formatDateTime(u.createdAt)}</td>
                    <td className="px-3 py-2">
                      <UserActions user={u} self={u.id === currentUserId} onEdit={() => setEditing(u)} onDelete={() => remove(u)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden" aria-label="Users">
            {shown.map((u) => (
              <li key={u.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold">{u.username}</p>
                  {u.isAdmin ? <Badge tone="confirmed">Admin</Badge> : <Badge>User</Badge>}
                </div>
                <p className="text-sm text-slate-700">{u.name ?? '—'}</p>
                <p className="break-all text-sm text-slate-700">{u.email ?? '—'}</p>
                <p className="text-xs text-slate-600">Created {formatDateTime(u.createdAt)}</p>
                <div className="mt-2">
                  <UserActions user={u} self={u.id === currentUserId} onEdit={() => setEditing(u)} onDelete={() => remove(u)} />
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
          onSaved={async () => {
            setEditing(null)
            await load()
          }}
        />
      ) : null}
    </section>
  )
}

function UserActions({ user, self, onEdit, onDelete }: { user: AdminUser; self: boolean; onEdit: () => void; onDelete: () => Promise<void> }) {
  return (
    <div className="flex gap-2">
      <Button variant="plain" size="sm" onClick={onEdit} aria-label={`Edit ${user.username}`}>
        Edit
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="danger" size="sm" aria-label={`Delete ${user.username}`} disabled={self} title={self ? 'You cannot delete your own account' : undefined}>
            Delete
          </Button>
        }
        title="Delete this user?"
        description={`${user.username} will no longer be able to log in. This cannot be undone.`}
        confirmLabel="Delete User"
        onConfirm={onDelete}
      />
    </div>
  )
}

function UserForm({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  /** The server's refusal, repeated inside the dialog: the toast outside it is hidden from screen readers while the dialog is modal. */
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [preference, setPreference] = useState<string>(user?.notificationPreference ?? 'email')
  const creating = user === null

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const payload = {
      username: String(f.get('user-username') ?? ''),
      password: String(f.get('user-password') ?? ''),
      name: String(f.get('user-name') ?? ''),
      email: String(f.get('user-email') ?? ''),
      isAdmin: f.get('user-isAdmin') === 'on',
      notificationPreference: String(f.get('user-notificationPreference') ?? 'email'),
      whatsappNumber: String(f.get('user-whatsappNumber') ?? ''),
    }
    const parsed = creating ? userCreateSchema.safeParse(payload) : userUpdateSchema.safeParse(payload)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setFormError(null)
    setBusy(true)
    try {
      if (creating) await api('POST', '/api/register', payload)
      else await api('PATCH', `/api/admin/users/${user.id}`, payload)
      successToast(creating ? 'User created' : 'User updated', `${payload.username} was saved.`)
      await onSaved()
    } catch (error) {
      const fields = serverFieldErrors(error)
      if (fields) {
        setErrors(fields)
      } else {
        setFormError(error instanceof Error ? error.message : 'Something went wrong. Please try again.')
      }
      failToast(creating ? 'Failed to create user' : 'Failed to update user', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={creating ? 'Add User' : `Edit ${user.username}`}>
      <form className="grid gap-3" noValidate onSubmit={submit}>
        <Field id="user-username" label="Username" error={errors.username}>
          <Input defaultValue={user?.username ?? ''} autoComplete="off" autoCapitalize="none" required />
        </Field>
        <Field id="user-password" label="Password" error={errors.password} hint={creating ? 'At least 6 characters.' : 'Leave blank to keep current'}>
          <Input
            type="password"
            autoComplete="new-password"
            required={creating}
            placeholder={creating ? '' : 'Leave blank to keep current'}
          />
        </Field>
        <Field id="user-name" label="Name" error={errors.name}>
          <Input defaultValue={user?.name ?? ''} autoComplete="off" />
        </Field>
        <Field id="user-email" label="Email" error={errors.email}>
          <Input type="email" defaultValue={user?.email ?? ''} autoComplete="off" />
        </Field>
        <div className="flex items-center gap-2">
          <input id="user-isAdmin" name="user-isAdmin" type="checkbox" defaultChecked={user?.isAdmin ?? false} className="size-5 accent-brand-700" />
          <label htmlFor="user-isAdmin" className="text-sm font-medium">
            Admin (can use this dashboard)
          </label>
        </div>
        <Field id="user-notificationPreference" label="Notification preference">
          <Select value={preference} onChange={(e) => setPreference(e.target.value)}>
            {NOTIFICATION_PREFERENCES.map((p) => (
              <option key={p} value={p}>
                {PREFERENCE_LABELS[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="user-whatsappNumber"
          label="WhatsApp number"
          error={errors.whatsappNumber}
          hint={preference === 'whatsapp' ? 'Stored for later: WhatsApp delivery is not set up yet.' : undefined}
        >
          <Input type="tel" defaultValue={user?.whatsappNumber ?? ''} autoComplete="off" />
        </Field>
        {formError ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            Cancel
          </Button>
          <Button size="md" variant="brand" type="submit" disabled={busy}>
            {creating ? 'Create User' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
