import type { FileItem } from '../domain/schemas/files.ts'
import { hoursAgo, seeded } from './random.ts'

/** Demo folders (nested) and files of the file manager. */
export function seedFileItems(): FileItem[] {
  const rnd = seeded(1101)
  const folder = (name: string, folderId: string | null, contents: string): FileItem => ({
    id: rnd.uuid(),
    folderId,
    name,
    createdBy: 'Ana Costa',
    createdAt: hoursAgo(24 * 90),
    modifiedAt: hoursAgo(24 * 3),
    size: `${rnd.int(2, 90)} MB`,
    type: 'folder',
    contents,
    description: null,
  })
  const file = (name: string, folderId: string | null, type: FileItem['type']): FileItem => ({
    id: rnd.uuid(),
    folderId,
    name,
    createdBy: rnd.pick(['Ana Costa', 'Tiago Lima', 'Rita Alves']),
    createdAt: hoursAgo(24 * rnd.int(5, 60)),
    modifiedAt: hoursAgo(24 * rnd.int(0, 4)),
    size: `${rnd.int(12, 900)} KB`,
    type,
    contents: null,
    description: `${name}, uploaded from the field.`,
  })
  const personal = folder('Personal', null, '57 files')
  const photos = folder('Photos', null, '907 files')
  const work = folder('Work', null, '24 files')
  const contracts = folder('Contracts', work.id, '12 files')
  const y2026 = folder('2026', contracts.id, '4 files')
  return [
    personal,
    photos,
    work,
    contracts,
    y2026,
    file('Price list.xls', null, 'XLS'),
    file('Company handbook.pdf', null, 'PDF'),
    file('Meeting notes.doc', null, 'DOC'),
    file('Readme.txt', null, 'TXT'),
    file('Van photo.jpg', photos.id, 'JPG'),
    file('Site survey.jpg', photos.id, 'JPG'),
    file('Timesheet.xls', personal.id, 'XLS'),
    file('Maintenance contract.pdf', contracts.id, 'PDF'),
    file('Hotel Aurora contract.pdf', y2026.id, 'PDF'),
    file('Clínica Vida contract.doc', y2026.id, 'DOC'),
  ]
}
