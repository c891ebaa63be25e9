import { atLeast } from '../../domain/access.ts'
import { levelIn } from '../lib/admin.ts'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { AppEnv, Auth, Deps } from '../lib/deps.ts'
import { authenticate, bearerToken, requireAuth } from '../lib/auth.ts'
import { apiError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { checkedFile, contentDisposition } from '../lib/uploads.ts'
import { withoutLocation } from '../lib/jpeg-location.ts'
import { valid } from '../lib/validate.ts'
import {
  deleteAnswer,
  deleteQuery,
  fileManagerAnswer,
  selectQuery,
  uploadAnswer,
  uploadForm,
  type FileItem,
} from '../../domain/schemas/files.ts'
import { joinBytes } from '../../domain/bytes.ts'
import type { FileMeta } from '../../storage/repositories/files.ts'
import { activeGrants, type UserRecord } from '../../domain/tenancy.ts'
import { mayReadVisit, visitOfFile } from '../lib/visit-work.ts'
import { payableStore } from '../lib/payable-store.ts'
import { EQUIPMENT, type EquipmentRecord } from '../../domain/schemas/equipment.ts'

export const fileUrl = (meta: FileMeta) => `/api/files/${meta.empresa}/${meta.id}/${encodeURIComponent(meta.name)}`

/** Stores the uploaded files of one request in the caller's company (and branch, unless the owner company's). */
export async function storeUploads(
  deps: Deps,
  c: Context<AppEnv>,
  files: File[],
  group: string,
  ownerCompany: boolean,
): Promise<FileMeta[]> {
  const { empresa, filial } = c.get('tenant')
  const checked = await Promise.all(files.map(checkedFile))
  const repo = deps.repos.company(empresa).files()
  const saved: FileMeta[] = []
  for (const file of checked) {
    saved.push(
      await repo.save(
        {
          id: crypto.randomUUID(),
          empresa,
          filial: ownerCompany ? null : filial,
          group,
          name: file.name,
          type: file.type,
          size: file.bytes.length,
          createdAt: new Date(deps.now()).toISOString(),
          uploadedBy: c.get('auth').user.id,
        },
        file.bytes,
      ),
    )
  }
  return saved
}

/**
 * A branch's file may be deleted from that branch; one of the company's own (its logo, a
 * profile picture ...) by whoever uploaded it — never while it is the company logo — or with
 * edit on the companies page.
 */
async function mayDelete(deps: Deps, c: Context<AppEnv>, meta: FileMeta): Promise<boolean> {
  if (meta.filial !== null) return true
  const { user } = c.get('auth')
  const company = await deps.repos.companies.find(meta.empresa)
  if (meta.uploadedBy === user.id && company?.ID_ARQUIVO !== meta.id) return true
  return atLeast(await levelIn(deps, user, meta.empresa, 'ac_empresas'), 'edit')
}
const NOT_YOURS = { Error: "You may not delete the company's files." }
const NOT_FOUND = { Error: 'File not found' }
/** A visit's photo or signature leaves it only through the visit (DELETE /cd_techorders/…), which keeps what an ended visit showed. */
const OF_A_VISIT = { Error: 'This file is a photo or signature of a visit: take it off through the visit.' }

/**
 * A visit's photos and the client's signature follow the visit (bff/lib/visit-work.ts): `hidden`
 * from who may not read it (another technician, a member without the visits page), else `visit`.
 */
async function visitAccess(deps: Deps, user: UserRecord, meta: FileMeta) {
  const visit = await visitOfFile(deps, meta)
  if (!visit) return 'none'
  return (await mayReadVisit(deps, user, meta.empresa, visit)) ? 'visit' : 'hidden'
}

/** A payable's bill (grouped under the payable's id) is for who may read payables: `hidden` from the others. */
async function payableAccess(deps: Deps, user: UserRecord, meta: FileMeta) {
  if (meta.filial === null || !(await payableStore(deps, meta.empresa).get(meta.group))) return 'none'
  return atLeast(await levelIn(deps, user, meta.empresa, 'cd_financeiro'), 'view') ? 'payable' : 'hidden'
}

const OF_A_PAYABLE = { Error: 'This file is the bill of a payable: take it off through the payable.' }

/**
 * A machine's photo (the company's, grouped under the machine's id, and listed on it) is for who
 * may read the machines: `hidden` from the others.
 */
async function equipmentAccess(deps: Deps, user: UserRecord, meta: FileMeta) {
  if (meta.filial !== null) return 'none'
  const machine = await deps.repos.collection<EquipmentRecord>(meta.empresa, EQUIPMENT).get(meta.group)
  const file = `/${meta.id}/`
  if (!machine?.value.photos?.some((p) => p.url.includes(file) || p.thumbnailUrl.includes(file))) return 'none'
  return atLeast(await levelIn(deps, user, meta.empresa, 'cd_equipamento'), 'view') ? 'equipment' : 'hidden'
}

const OF_A_MACHINE = { Error: 'This file is a photo of a machine: take it off through the machine.' }

/**
 * A file a record keeps — a visit's photo or signature, a payable's bill, a machine's photo: hidden
 * from who may not read the record, and taken off only through it (`through` says how); null for
 * any other file.
 */
async function recordOfFile(deps: Deps, user: UserRecord, meta: FileMeta) {
  const visit = await visitAccess(deps, user, meta)
  if (visit !== 'none') return { hidden: visit === 'hidden', through: OF_A_VISIT }
  const payable = await payableAccess(deps, user, meta)
  if (payable !== 'none') return { hidden: payable === 'hidden', through: OF_A_PAYABLE }
  const machine = await equipmentAccess(deps, user, meta)
  if (machine !== 'none') return { hidden: machine === 'hidden', through: OF_A_MACHINE }
  return null
}

/** Files of the group visible from this request: the owner company's, or this branch's. */
const visible = (meta: FileMeta, filial: number, ownerCompany: boolean) =>
  ownerCompany ? meta.filial === null : meta.filial === filial

/** {base}/api/FileManager: upload, select and delete (docs/shell.md §7). */
export function fileManagerRoutes(deps: Deps) {
  const tags = ['FileManager']
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .post(
      '/upload',
      doc({
        operationId: 'uploadFiles',
        description:
          'Uploads files (multipart: files, repeated; getEmpresaProprietario; idGuid, made when absent), 5 MB each, and answers them in the upload service’s { Error, ListFiles } shape. A file over the limit answers 413. An image (PNG, JPEG, GIF, WebP) is checked from its bytes without being decoded: at most 50 megapixels by its header (400 `image_too_many_pixels`), and a PNG whose data inflates to more than its header says, or does not inflate, is refused (400 `image_data_invalid`). A JPEG is stored without its location (its EXIF GPS data and any XMP; the Orientation and the date taken stay). A refused upload stores none of its files.',
        summary:
          'Upload files (multipart: files repeated, getEmpresaProprietario, idGuid made when absent); 5 MB a file',
        tags,
        responses: { 200: uploadAnswer, 413: apiErrorSchema },
      }),
      valid('form', uploadForm),
      async (c) => {
        const form = c.req.valid('form')
        const files = form.files === undefined ? [] : Array.isArray(form.files) ? form.files : [form.files]
        if (files.length === 0) return c.json({ Error: 'No files selected for upload', ListFiles: [] }, 400)
        const group = form.idGuid ?? crypto.randomUUID()
        const saved = await storeUploads(deps, c, files, group, form.getEmpresaProprietario)
        return c.json({ Error: null, idGuid: group, ListFiles: saved.map((m) => ({ Id: m.id, Url: fileUrl(m) })) })
      },
    )
    .get(
      '/select-by-id',
      doc({
        operationId: 'listUploadedFiles',
        description:
          'The files of one upload group (idGuid), in the upload service’s { Error, ListFiles } shape. A visit’s group (its photos and the client’s signature, grouped under the visit’s id) lists nothing to whoever may not read the visit (another technician, a member without the cd_techorders page); a payable’s or a machine’s, nothing to whoever may not read payables (cd_financeiro) or machines (cd_equipamento).',
        summary: 'The files of an upload group (idGuid)',
        tags,
        responses: { 200: uploadAnswer },
      }),
      valid('query', selectQuery),
      async (c) => {
        const { idGuid, getEmpresaProprietario } = c.req.valid('query')
        const { empresa, filial } = c.get('tenant')
        const inGroup = (await deps.repos.company(empresa).files().inGroup(idGuid)).filter((m) =>
          visible(m, filial, getEmpresaProprietario),
        )
        // a group is one upload's, or one record's files (a visit's photos ...): they are all hidden or none
        const hidden = inGroup[0] && (await recordOfFile(deps, c.get('auth').user, inGroup[0]))?.hidden
        const files = hidden ? [] : inGroup
        return c.json({ Error: null, ListFiles: files.map((m) => ({ Id: m.id, Url: fileUrl(m) })) })
      },
    )
    .delete(
      '/delete-by-url',
      doc({
        operationId: 'deleteFileByUrl',
        description:
          'Deletes one file by its URL, in the upload service’s { Error } shape: 404 when there is none, 403 when it is the company’s and the caller may not edit the company. A visit’s photo or signature is 404 to whoever may not read the visit and 403 to whoever may: it leaves through the visit (DELETE /api/cd_techorders/{id}/photos/{photoId}); a payable’s bill likewise leaves through the payable (DELETE /api/cd_financeiro/{id}/attachment), and a machine’s photo through the machine (DELETE /api/cd_equipamento/{id}/photos/{photoId}).',
        summary: 'Delete one file by its URL (the upload service\'s "delete by url")',
        tags,
        responses: { 200: deleteAnswer, 403: apiErrorSchema, 404: apiErrorSchema },
      }),
      valid('query', z.object({ url: z.string().min(1).max(2048) })),
      async (c) => {
        const { empresa, filial } = c.get('tenant')
        const match = c.req.valid('query').url.match(/\/api\/files\/(\d+)\/([0-9a-f-]{36})\//)
        const repo = deps.repos.company(empresa).files()
        const meta = match && Number(match[1]) === empresa ? await repo.find(match[2]) : null
        if (!meta || (meta.filial !== null && meta.filial !== filial)) return c.json(NOT_FOUND, 404)
        const record = await recordOfFile(deps, c.get('auth').user, meta)
        if (record) return record.hidden ? c.json(NOT_FOUND, 404) : c.json(record.through, 403)
        if (!(await mayDelete(deps, c, meta))) return c.json(NOT_YOURS, 403)
        await repo.remove(meta)
        return c.json({ Error: null })
      },
    )
    .delete(
      '/delete-by-id',
      doc({
        operationId: 'deleteFileById',
        description:
          'Deletes one file by its id (idImagem), in the upload service’s { Error } shape: 404 when there is none, 403 when it is the company’s and the caller may not edit the company. A visit’s photo or signature is 404 to whoever may not read the visit and 403 to whoever may: it leaves through the visit (DELETE /api/cd_techorders/{id}/photos/{photoId}); a payable’s bill likewise leaves through the payable (DELETE /api/cd_financeiro/{id}/attachment), and a machine’s photo through the machine (DELETE /api/cd_equipamento/{id}/photos/{photoId}).',
        summary: 'Delete one file (idImagem)',
        tags,
        responses: { 200: deleteAnswer, 403: apiErrorSchema, 404: apiErrorSchema },
      }),
      valid('query', deleteQuery),
      async (c) => {
        const { idImagem, getEmpresaProprietario } = c.req.valid('query')
        const { empresa, filial } = c.get('tenant')
        const repo = deps.repos.company(empresa).files()
        const meta = await repo.find(idImagem)
        if (!meta || !visible(meta, filial, getEmpresaProprietario)) return c.json(NOT_FOUND, 404)
        const record = await recordOfFile(deps, c.get('auth').user, meta)
        if (record) return record.hidden ? c.json(NOT_FOUND, 404) : c.json(record.through, 403)
        if (!(await mayDelete(deps, c, meta))) return c.json(NOT_YOURS, 403)
        await repo.remove(meta)
        return c.json({ Error: null })
      },
    )
}

/**
 * api/files/{empresa}/{id}/{name}: the stored bytes, for a caller of that company. Accepts the
 * page session cookie too, so <img src> works in the app.
 */
export function fileServeRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    '/:empresa/:id/:name',
    doc({
      operationId: 'getFile',
      description:
        'A stored file with its type: images and PDF inline, anything else as a download. A bearer token or the page session; 404 when the company holds no such file, when it is another branch’s, or when it is a visit’s photo or the client’s signature and the caller may not read the visit (GET /api/cd_techorders/{id}: another technician’s visit, or no cd_techorders page), or a payable’s bill and the caller may not read payables (the cd_financeiro page), or a machine’s photo and the caller may not read machines (the cd_equipamento page).',
      summary: 'A stored file, with its type; images and PDF inline, anything else as a download',
      tags: ['FileManager'],
      responses: { 200: { description: 'The file', content: 'application/octet-stream' }, 404: apiErrorSchema },
    }),
    valid(
      'param',
      z.object({ empresa: z.coerce.number().int().positive(), id: z.string().uuid(), name: z.string().max(300) }),
    ),
    async (c) => {
      const token = bearerToken(c.req.header('authorization')) ?? getCookie(c, 'token')
      const auth: Auth | null = token ? await authenticate(deps, token) : null
      if (!auth) throw apiError(401, 'Invalid token')
      const { empresa, id } = c.req.valid('param')
      if (!activeGrants(auth.user).some((g) => g.empresa === empresa)) throw apiError(404, 'Not found')
      const repo = deps.repos.company(empresa).files()
      const meta = await repo.find(id)
      if (
        !meta ||
        (meta.filial !== null &&
          !activeGrants(auth.user).some(
            (g) => g.empresa === empresa && (g.filial === 'all' || g.filial === meta.filial),
          ))
      )
        throw apiError(404, 'Not found')
      if ((await recordOfFile(deps, auth.user, meta))?.hidden) throw apiError(404, 'Not found')
      const stored = await repo.bytes(meta)
      // a photo stored before uploads were stripped of their location is served without it too
      const bytes = meta.type === 'image/jpeg' ? joinBytes(withoutLocation([stored])) : stored
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': meta.type,
        'Content-Length': String(bytes.length),
        'Content-Disposition': contentDisposition(meta.type, meta.name),
        'Cache-Control': 'private, max-age=3600',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      })
    },
  )
}

/** api/apps/file-manager: the company's folders and files (docs/demo-apis.md §7 File manager). */
export function fileListingRoutes(deps: Deps) {
  const byName = (a: FileItem, b: FileItem) => a.name.localeCompare(b.name)
  return new Hono<AppEnv>().use(requireAuth(deps), requireTenant(deps)).get(
    '/',
    doc({
      operationId: 'listFolder',
      description: 'A folder’s folders and files by name, with the breadcrumb from the root (‘null’ is the root).',
      summary: "A folder's folders and files by name, with the breadcrumb from the root ('null' is the root)",
      tags: ['apps/file-manager'],
      responses: { 200: fileManagerAnswer },
    }),
    valid('query', z.object({ folderId: z.string().max(200).default('null') })),
    async (c) => {
      const wanted = c.req.valid('query').folderId
      const folderId = wanted === 'null' || wanted === '' ? null : wanted
      const items = await deps.repos.company(c.get('tenant').empresa).list<FileItem>('file-manager').all()
      const here = items.filter((i) => i.folderId === folderId)
      const byId = new Map(items.map((i) => [i.id, i]))
      const path: FileItem[] = []
      for (
        let at = folderId ? byId.get(folderId) : undefined;
        at && path.length < 100;
        at = at.folderId ? byId.get(at.folderId) : undefined
      )
        path.unshift(at)
      return c.json({
        folders: here.filter((i) => i.type === 'folder').sort(byName),
        files: here.filter((i) => i.type !== 'folder').sort(byName),
        path,
      })
    },
  )
}
