import { z } from 'zod'

// a file part of a multipart form: in the API document, binary content
export const file = z
  .instanceof(File, { message: 'must be a file' })
  .meta({ type: 'string', format: 'binary', description: 'A file (a part of the multipart form)' })
/** A file part read from a request's stream (bff/lib/multipart.ts): its bytes as the chunks they came in, never copied whole. */
export type StreamedFile = { name: string; type: string; size: number; chunks: Uint8Array[] }
export const streamedFile = z
  .custom<StreamedFile>((v) => typeof v === 'object' && v !== null && Array.isArray((v as StreamedFile).chunks), {
    message: 'must be a file',
  })
  .meta({ type: 'string', format: 'binary', description: 'A file (a part of the multipart form)' })
const flag = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true')

/** docs/shell.md §3 Upload model and §7 FileManager calls. */
export const uploadForm = z.object({
  files: z.union([file, z.array(file).max(10)]).optional(),
  getEmpresaProprietario: flag.default(false),
  idGuid: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'must be letters, digits, - or _')
    .optional(),
})
export const selectQuery = z.object({
  getEmpresaProprietario: flag.default(false),
  idGuid: z.string().regex(/^[\w-]{1,100}$/),
})
export const deleteQuery = z.object({
  getEmpresaProprietario: flag.default(false),
  idImagem: z.string().min(1).max(100),
})
export const uploadAnswer = z.object({
  Error: z.string().nullable(),
  ListFiles: z.array(z.object({ Id: z.string(), Url: z.string() })),
  idGuid: z.string().optional(),
})
export const deleteAnswer = z.object({ Error: z.string().nullable() })
export const avatarForm = z.object({ id: z.string().min(1).max(200), avatar: file })

export const fileItemSchema = z.object({
  id: z.string(),
  folderId: z.string().nullable(),
  name: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  size: z.string(),
  type: z.enum(['folder', 'PDF', 'XLS', 'DOC', 'TXT', 'JPG']),
  contents: z.string().nullable(),
  description: z.string().nullable(),
})
export type FileItem = z.infer<typeof fileItemSchema>
export const fileManagerAnswer = z.object({
  folders: z.array(fileItemSchema),
  files: z.array(fileItemSchema),
  path: z.array(fileItemSchema),
})
