import type { ImageBudget } from '../../domain/images.ts'
import type { MessageCode } from '../../domain/messages.ts'
import { imageHeader, type ImageHeader } from './image-header.ts'
import { pngData } from './png-data.ts'

/**
 * Why an image is refused: its header does not read (`unreadable`), its sides or pixels are over
 * the budget (`too_large`), its data runs past the file's end, inflates to more than its header says
 * or does not inflate (`bad_data`), or it is an animated PNG where a still one is needed (`animated`).
 */
export type ImageRefusal = 'unreadable' | 'too_large' | 'bad_data' | 'animated'
export type ImageCheck = { ok: true; header: ImageHeader } | { ok: false; reason: ImageRefusal }

/** The code an image refused for `reason` answers with: `tooLarge` names the rule its budget stands for. */
export function refusalCode(reason: ImageRefusal, tooLarge: MessageCode): MessageCode {
  const codes: Record<ImageRefusal, MessageCode> = {
    unreadable: 'not_an_image',
    too_large: tooLarge,
    bad_data: 'image_data_invalid',
    animated: 'image_animated',
  }
  return codes[reason]
}

/**
 * An image checked within `budget` without decoding it: the sides from its header (PNG IHDR, JPEG
 * frame header, GIF, WebP), then for a PNG its compressed data inflated as a stream and stopped as
 * soon as it passes what the header makes (docs/api.md §6 Images). Runs on Node, Deno and workerd.
 */
export async function checkImage(bytes: Uint8Array | Uint8Array[], budget: ImageBudget): Promise<ImageCheck> {
  const parts = bytes instanceof Uint8Array ? [bytes] : bytes
  const header = imageHeader(parts)
  if (!header) return { ok: false, reason: 'unreadable' }
  if (Math.max(header.width, header.height) > budget.maxSide || header.width * header.height > budget.maxPixels)
    return { ok: false, reason: 'too_large' }
  if (!header.png) return { ok: true, header }
  const data = await pngData(parts, { ...header, png: header.png })
  if (data === 'within' || (data === 'animated' && !budget.still)) return { ok: true, header }
  return { ok: false, reason: data === 'animated' ? 'animated' : 'bad_data' }
}
