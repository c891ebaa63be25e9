/**
 * Text as a search compares it: without case and without accents, so "pao" finds "Pão" and
 * "jose" finds "José" (the letters' marks are dropped after Unicode decomposition).
 */
export const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()
