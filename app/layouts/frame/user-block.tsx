import { Link } from 'react-router'
import { Logo } from '../../components/logo'
import { Avatar } from '../../ui/avatar'
import { useT } from '../../lib/i18n'
import { useFrame } from './frame-context'

/** The company logo (or the default one); a click opens the upload dialog for a new logo. */
export function CompanyLogo({ withName = true, size = 'h-9 w-9' }: { withName?: boolean; size?: string }) {
  const t = useT()
  const { logo, openUpload } = useFrame()
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={openUpload}
        aria-label={t.change_logo()}
        title={t.change_logo()}
        className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-primary-600"
        data-testid="company-logo"
      >
        {logo ? (
          <img src={logo} alt="" className={`${size} rounded-lg bg-white object-contain`} />
        ) : (
          <Logo className={size} />
        )}
      </button>
      {withName ? (
        <Link to="/view/home" className="text-lg font-bold whitespace-nowrap">
          {t.app_name()}
        </Link>
      ) : null}
    </div>
  )
}

/** The user's avatar (or initials), name and e-mail, as the classy and futuristic layouts show them. */
export function UserBlock({ tone = 'dark', align = 'center' }: { tone?: 'dark' | 'light'; align?: 'center' | 'row' }) {
  const { user } = useFrame()
  const soft = tone === 'dark' ? 'text-slate-300' : 'text-muted'
  const avatar = (size: string) => (
    <Avatar src={user.avatar} name={user.name} className={`${size} bg-primary-600 text-white`} />
  )
  return (
    <div
      className={
        align === 'center' ? 'flex flex-col items-center gap-2 text-center' : 'flex min-w-0 items-center gap-3'
      }
      data-testid="user-block"
    >
      {avatar(align === 'center' ? 'h-20 w-20 text-2xl' : 'h-10 w-10 text-sm')}
      <div className="min-w-0">
        <div className="truncate font-semibold" data-testid="user-name">
          {user.name}
        </div>
        <div className={`truncate text-sm ${soft}`} data-testid="user-email">
          {user.email}
        </div>
      </div>
    </div>
  )
}
