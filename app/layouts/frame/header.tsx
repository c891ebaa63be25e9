import { BranchSwitcher } from '../../components/branch-switcher'
import { FullscreenToggle } from '../../components/fullscreen-toggle'
import { LanguagePicker } from '../../components/language-picker'
import { MessagePanel } from '../../components/message-panel'
import { SearchBar } from '../../components/search-bar'
import { ShortcutsPanel } from '../../components/shortcuts-panel'
import { UserMenu } from '../../components/user-menu'
import { useFrame } from './frame-context'
import { MenuButton } from './drawer'

/** The header's tools (docs/shell.md §2): languages, fullscreen, shortcuts, messages, notifications, user menu. */
export function HeaderTools() {
  const { user, unread, timeZone } = useFrame()
  return (
    <div className="ml-auto flex items-center gap-1 sm:gap-2">
      {/* on a phone the language is in the navigation drawer: one header row */}
      <div className="hidden sm:block">
        <LanguagePicker />
      </div>
      <FullscreenToggle />
      <ShortcutsPanel />
      <MessagePanel kind="messages" unread={unread.messages} timeZone={timeZone} />
      <MessagePanel kind="notifications" unread={unread.notifications} timeZone={timeZone} />
      <UserMenu user={user} />
    </div>
  )
}

/** The company/branch switcher (in the drawer on a phone) and the search bar, which takes the room left in the row. */
export function SwitcherAndSearch() {
  const { branches, current } = useFrame()
  return (
    <>
      <div className="hidden sm:block">
        <BranchSwitcher branches={branches} current={current} />
      </div>
      <div className="min-w-0 flex-1">
        <SearchBar />
      </div>
    </>
  )
}

/** The usual header row: menu button (below md), lead (a logo in some layouts), switcher, search, tools. */
export function Header({
  lead,
  className = 'border-b border-line bg-surface',
}: {
  lead?: React.ReactNode
  className?: string
}) {
  return (
    <header className={`flex items-center gap-2 px-3 py-3 sm:flex-wrap sm:gap-3 sm:px-6 ${className}`}>
      <MenuButton />
      {/* a layout's logo in the header: from sm (on a phone the drawer shows it) */}
      {lead ? <div className="hidden sm:block">{lead}</div> : null}
      <SwitcherAndSearch />
      <HeaderTools />
    </header>
  )
}
