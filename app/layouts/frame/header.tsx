import { BranchSwitcher } from '../../components/branch-switcher'
import { FullscreenToggle } from '../../components/fullscreen-toggle'
import { LanguagePicker } from '../../components/language-picker'
import { MessagePanel } from '../../components/message-panel'
import { SearchBar } from '../../components/search-bar'
import { ShortcutsPanel } from '../../components/shortcuts-panel'
import { UserMenu } from '../../components/user-menu'
import { useFrame } from './frame-context'
import { MenuButton } from './drawer'

/** The header's tools (product-shell.md §2): languages, fullscreen, shortcuts, messages, notifications, user menu. */
export function HeaderTools() {
  const { user, unread, timeZone } = useFrame()
  return (
    <div className="ml-auto flex items-center gap-1 sm:gap-2">
      <LanguagePicker />
      <FullscreenToggle />
      <ShortcutsPanel />
      <MessagePanel kind="messages" unread={unread.messages} timeZone={timeZone} />
      <MessagePanel kind="notifications" unread={unread.notifications} timeZone={timeZone} />
      <UserMenu user={user} />
    </div>
  )
}

/** The company/branch switcher and the search bar (wraps under the tools on a phone). */
export function SwitcherAndSearch() {
  const { branches, current } = useFrame()
  return (
    <>
      <BranchSwitcher branches={branches} current={current} />
      <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
        <SearchBar />
      </div>
    </>
  )
}

/** The usual header row: menu button (below md), lead (a logo in some layouts), switcher, search, tools. */
export function Header({ lead, className = 'border-b border-line bg-surface' }: { lead?: React.ReactNode; className?: string }) {
  return (
    <header className={`flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6 ${className}`}>
      <MenuButton />
      {lead}
      <SwitcherAndSearch />
      <HeaderTools />
    </header>
  )
}
