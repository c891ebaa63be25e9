/** The mailbox's fixed folders and filters (docs/demo-apis.md §7 Mailbox). */
export const FOLDERS = [
  { id: 'folder-inbox', title: 'Inbox', slug: 'inbox', icon: 'heroicons_outline:inbox' },
  { id: 'folder-sent', title: 'Sent', slug: 'sent', icon: 'heroicons_outline:paper-airplane' },
  { id: 'folder-drafts', title: 'Drafts', slug: 'drafts', icon: 'heroicons_outline:document' },
  { id: 'folder-spam', title: 'Spam', slug: 'spam', icon: 'heroicons_outline:exclamation-triangle' },
  { id: 'folder-trash', title: 'Trash', slug: 'trash', icon: 'heroicons_outline:trash' },
]
export const FILTERS = [
  { id: 'filter-starred', title: 'Starred', slug: 'starred', icon: 'heroicons_outline:star' },
  { id: 'filter-important', title: 'Important', slug: 'important', icon: 'heroicons_outline:exclamation-circle' },
]
