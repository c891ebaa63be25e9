import { PHOTO_MAX_SIDE, THUMBNAIL_MAX_SIDE } from '../../domain/schemas/appointments.ts'
import type { StreamedFile } from '../../domain/schemas/files.ts'
import type { ImageBudget } from '../../domain/images.ts'
import type { MessageCode } from '../../domain/messages.ts'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'
import { sliceOf, type FileMeta } from '../../storage/repositories/files.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import type { Deps } from './deps.ts'
import { apiError, fieldError } from './errors.ts'
import { checkImage, refusalCode } from './image-bounds.ts'
import { imageType } from './image-header.ts'
import { withoutLocation } from './jpeg-location.ts'
import type { Caller } from './resource.ts'
import { safeName } from './uploads.ts'

/** The images a photo may be (a phone's camera, or the app's resize). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])
/** A photo's and a thumbnail's bounds: their sides (a PNG's data within what they make). */
const PHOTO: ImageBudget = { maxSide: PHOTO_MAX_SIDE, maxPixels: PHOTO_MAX_SIDE ** 2, still: false }
const THUMBNAIL: ImageBudget = { maxSide: THUMBNAIL_MAX_SIDE, maxPixels: THUMBNAIL_MAX_SIDE ** 2, still: false }
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

/** The record a stored image belongs to: its files are grouped under its id, in its branch (null: the company's). */
export type ImageOwner = { filial: number | null; group: string }

/** A photo as a record keeps it: its file's id, the photo's address and its thumbnail's (the photo's own without one). */
export type StoredPhoto = { id: string; url: string; thumbnailUrl: string }

/**
 * The images a record keeps (a visit's photos and signature, a machine's photos): checked from
 * their bytes without being decoded (docs/api.md §6 Images), stored without a JPEG's location under
 * the record, and made again with the same ids when a request is run again.
 */
export function recordImages(deps: Deps) {
  /**
   * An uploaded image, checked: its type from its bytes, its size, and its sides and data within
   * `budget`, read without decoding it or copying it whole; a JPEG without its location.
   */
  async function checkedImage(
    field: string,
    file: StreamedFile,
    types: Set<string>,
    maxBytes: number,
    [budget, tooLarge]: [ImageBudget, MessageCode],
  ) {
    if (file.size > maxBytes) throw apiError(413, `File size exceeds the limit of ${maxBytes / 1024 / 1024} MB.`)
    const type = imageType(sliceOf(file.chunks, 0, 16))
    if (!type || !types.has(type)) throw fieldError(field, 'not_an_image')
    const image = await checkImage(file.chunks, budget)
    if (!image.ok) throw fieldError(field, refusalCode(image.reason, tooLarge))
    if (type !== 'image/jpeg') return { bytes: file, type }
    const chunks = withoutLocation(file.chunks)
    return { bytes: { ...file, chunks, size: chunks.reduce((n, c) => n + c.length, 0) }, type }
  }

  /** An image stored under its record (a second run of the request finds the file it stored), answered as its address. */
  async function storeImage(who: Caller, owner: ImageOwner, name: string, type: string, bytes: StreamedFile) {
    const meta: Omit<FileMeta, 'chunks'> = {
      id: who.newId(),
      empresa: who.tenant.empresa,
      filial: owner.filial,
      group: owner.group,
      name: safeName(`${name}.${EXTENSION[type] ?? 'png'}`),
      type,
      size: bytes.size,
      createdAt: new Date(deps.now()).toISOString(),
      uploadedBy: who.user.id,
    }
    const repo = deps.repos.company(who.tenant.empresa).files()
    const saved = (await repo.find(meta.id)) ?? (await repo.save(meta, bytes.chunks))
    return `/api/files/${saved.empresa}/${saved.id}/${encodeURIComponent(saved.name)}`
  }

  /** The stored files of a record's image addresses deleted. */
  async function removeFiles(who: Caller, urls: string[]) {
    const repo = deps.repos.company(who.tenant.empresa).files()
    for (const fileId of new Set(urls.map((u) => u.split('/')[4]))) {
      const meta = await repo.find(fileId)
      if (meta) await repo.remove(meta)
    }
  }

  return {
    checkedImage,
    storeImage,
    removeFiles,
    /** After a refused write: the images stored for it go (unless its outcome is unknown), the refusal stays. */
    forgetting: (who: Caller, urls: string[]) => async (error: unknown) => {
      if (!(error instanceof StorageUnavailableError)) await removeFiles(who, urls)
      throw error
    },
    /**
     * A photo (JPEG, PNG or WebP, 5 MB, PHOTO_MAX_SIDE a side) and its thumbnail, else the photo is
     * its own, checked and stored under `owner` as `name` (and `name`-small).
     */
    async storePhoto(
      who: Caller,
      owner: ImageOwner,
      name: string,
      input: { photo: StreamedFile; thumbnail?: StreamedFile },
    ): Promise<StoredPhoto> {
      const photo = await checkedImage('photo', input.photo, PHOTO_TYPES, UPLOAD_MAX_BYTES, [PHOTO, 'image_too_large'])
      const thumbnail = input.thumbnail
        ? await checkedImage('thumbnail', input.thumbnail, PHOTO_TYPES, UPLOAD_MAX_BYTES, [
            THUMBNAIL,
            'image_too_large',
          ])
        : null
      const url = await storeImage(who, owner, name, photo.type, photo.bytes)
      const thumbnailUrl = thumbnail
        ? await storeImage(who, owner, `${name}-small`, thumbnail.type, thumbnail.bytes)
        : url
      return { id: url.split('/')[4], url, thumbnailUrl }
    },
  }
}
